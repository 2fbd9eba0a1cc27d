import { courseDetailsHref } from "../lib/platform/navigation/course-links";
import { renderEmail, type EmailContent } from "./layout";
import { oneClickHeaders, unsubscribePageUrl } from "./reminder-emails";

/*
 * "Your course is ready" (docs/product-rules.md, "Notifications"): sent, when the learner asked for
 * it in My Account, as their own course becomes readable. Unsubscribed as the reminders are (one
 * click in the headers, a page with a button in the body), from its own list.
 */

export type CourseReadyEmail = { kind: "course-ready"; to: string; userId: number; courseId: number; courseTitle: string; token: string };

export const COURSE_READY_EMAIL_KINDS = ["course-ready"] as const;

export function courseReadyEmail(email: CourseReadyEmail, appUrl: string): EmailContent {
  return {
    subject: `Your course “${email.courseTitle}” is ready on LearnPath`,
    ...renderEmail({
      preheader: "The course you asked for is written",
      heading: "Your course is ready",
      body: [`“${email.courseTitle}”, the course you asked for, is written and ready to read: ${appUrl}${courseDetailsHref(email.courseId)}`, `Turn these e-mails off in My Account: ${appUrl}/dashboard/my-account`],
      footer: `You get this e-mail because you asked to hear when a course of yours is ready. Unsubscribe: ${unsubscribePageUrl(appUrl, email.token, "course-ready")}`,
    }),
    headers: oneClickHeaders(appUrl, email.token, "course-ready"),
  };
}
