import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CertificateCard } from "@/components/certificates/certificate-card";
import { PrintButton } from "@/components/courses/print-button";
import { certificateByVerificationId } from "@/lib/activity/completion";

type Params = Promise<{ certificateId: string }>;

const load = cache((id: string) => certificateByVerificationId(id));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const certificate = await load((await params).certificateId);
  return {
    title: certificate ? `Certificate: ${certificate.course_title}` : "Certificate not found",
    // Shared by its owner, never listed: the id is the only way to it.
    robots: { index: false, follow: false },
  };
}

/**
 * A course certificate: /certificates/<verification id>. Public and read-only: the id is 128
 * random bits (docs/security.md), so only people the learner gives the link to see it, and it
 * shows only the learner's name, the course, its level and the date it was completed. Any other
 * id, the addresses by the row's uuid used before included, is the app's not-found page.
 */
export default async function CertificatePage({ params }: { params: Params }) {
  const certificate = await load((await params).certificateId);
  if (!certificate) notFound();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">
      <CertificateCard certificate={certificate} />
      <div className="mt-6 flex justify-center print:hidden">
        <PrintButton />
      </div>
    </div>
  );
}
