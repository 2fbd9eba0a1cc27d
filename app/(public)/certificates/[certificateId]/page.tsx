import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { LogoMark } from "@/components/layout/logo-mark";
import { PrintButton } from "@/components/courses/print-button";
import { certificateById } from "@/lib/activity/completion";
import { formatDate } from "@/lib/activity/format";

type Params = Promise<{ certificateId: string }>;

const load = cache((id: string) => certificateById(id));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const certificate = await load((await params).certificateId);
  return {
    title: certificate ? `Certificate: ${certificate.course_title}` : "Certificate not found",
    // Shared by its owner, never listed: the id is the only way to it.
    robots: { index: false, follow: false },
  };
}

/**
 * A course certificate: /certificates/<id>. Public and read-only: the id is random and
 * unguessable, so only people the learner gives the link to see it, and it shows only the
 * learner's name, the course, its level and the date it was completed.
 */
export default async function CertificatePage({ params }: { params: Params }) {
  const certificate = await load((await params).certificateId);
  if (!certificate) notFound();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 print:p-0">
      <article
        aria-labelledby="certificate-title"
        className="rounded-3xl border-4 border-double border-brand-600 bg-white px-6 py-12 text-center shadow-sm sm:px-12 print:border-brand-600 print:shadow-none"
      >
        <div className="flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <LogoMark /> LearnPath
        </div>
        <h1 id="certificate-title" className="mt-8 text-sm font-semibold tracking-widest text-brand-700 uppercase">
          Certificate of completion
        </h1>
        <p className="mt-6 text-slate-700">This certifies that</p>
        <p className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl" data-testid="certificate-name">
          {certificate.learner_name}
        </p>
        <p className="mt-6 text-slate-700">completed the {certificate.course_level.toLowerCase()} course</p>
        <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="certificate-course">
          {certificate.course_title}
        </p>
        <p className="mt-6 text-slate-700">
          on <time dateTime={certificate.completed_at}>{formatDate(certificate.completed_at)}</time>
        </p>
      </article>
      <div className="mt-6 flex justify-center print:hidden">
        <PrintButton />
      </div>
    </div>
  );
}
