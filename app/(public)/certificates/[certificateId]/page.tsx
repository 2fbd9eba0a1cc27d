import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { CertificateCard } from "@/components/certificates/certificate-card";
import { CertificateVisibility } from "@/components/certificates/certificate-visibility";
import { PrintButton } from "@/components/courses/print-button";
import { certificateForAdmin, certificateByVerificationId } from "@/lib/practice/activity/completion";
import { getPageRole } from "@/lib/accounts/auth/page";

type Params = Promise<{ certificateId: string }>;

// An admin sees a hidden certificate too, to show it again; everyone else only what is public.
const load = cache(async (id: string) => {
  if ((await getPageRole()) === "admin") return certificateForAdmin(getDb(), id);
  const certificate = await certificateByVerificationId(getDb(), id);
  return certificate ? { certificate, course_id: null, hidden: false } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const loaded = await load((await params).certificateId);
  return {
    title: loaded ? `Certificate: ${loaded.certificate.course_title}` : "Certificate not found",
    // Shared by its owner, never listed: the id is the only way to it.
    robots: { index: false, follow: false },
  };
}

/**
 * A course certificate: /certificates/<verification id>. Public and read-only: the id is 128
 * random bits (docs/security.md), so only people the learner gives the link to see it, and it
 * shows only the learner's name, the course, its level, whether it is a personal course and the
 * date it was completed. Any other id, the addresses by the row's uuid used before included, and a
 * certificate an admin hid, is the app's not-found page; an admin sees it with Hide or Show again.
 */
export default async function CertificatePage({ params }: { params: Params }) {
  const loaded = await load((await params).certificateId);
  if (!loaded) notFound();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">
      {loaded.course_id !== null ? <CertificateVisibility courseId={loaded.course_id} hidden={loaded.hidden} /> : null}
      <CertificateCard certificate={loaded.certificate} />
      <div className="mt-6 flex justify-center print:hidden">
        <PrintButton />
      </div>
    </div>
  );
}
