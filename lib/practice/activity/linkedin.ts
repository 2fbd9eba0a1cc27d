/*
 * "Add to LinkedIn": LinkedIn's add-to-profile address, which opens the learner's "Add license or
 * certification" form filled in with the certificate (docs/product-rules.md, "Feedback: streak,
 * completion, certificates"). Nothing is sent to LinkedIn until the learner saves that form.
 */

export type LinkedInCertification = {
  /** The certification's name: the course's title. */
  name: string;
  organizationName: string;
  issuedAt: Date;
  /** The certificate's public address (absolute). */
  certUrl: string;
  /** Its verification id. */
  certId: string;
};

/** https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&..., every value URL-encoded. */
export function linkedInAddToProfileUrl({ name, organizationName, issuedAt, certUrl, certId }: LinkedInCertification): string {
  const query = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name,
    organizationName,
    // The month and year it was issued, in UTC like the certificate's date (lib/practice/activity/format.ts).
    issueYear: String(issuedAt.getUTCFullYear()),
    issueMonth: String(issuedAt.getUTCMonth() + 1),
    certUrl,
    certId,
  });
  // URLSearchParams writes a space as "+": %20 is what every reader of a query decodes alike.
  return `https://www.linkedin.com/profile/add?${query.toString().replaceAll("+", "%20")}`;
}
