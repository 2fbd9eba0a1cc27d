import { LogoMark } from "@/components/layout/logo-mark";
import { formatDate } from "@/lib/practice/activity/format";
import type { Certificate } from "@/lib/practice/activity/completion";

/**
 * The certificate itself, as its public page and the completion screen show it and as it prints:
 * the learner's name as issued, the course, its level (and that it is a personal course, when it
 * was written for the learner), the date and the verification id (its address). Sized to fit one printed page (docs/product-rules.md, "Feedback: streak, completion,
 * certificates"). `headingLevel`: 1 on its own page, 3 inside the completion screen.
 */
export function CertificateCard({ certificate, headingLevel = 1 }: { certificate: Certificate; headingLevel?: 1 | 3 }) {
  const Heading = headingLevel === 1 ? "h1" : "h3";
  return (
    <article
      aria-labelledby="certificate-title"
      data-testid="certificate"
      className="rounded-3xl border-4 border-double border-brand-600 bg-white px-6 py-12 text-center shadow-sm break-inside-avoid sm:px-12 print:px-10 print:py-10 print:shadow-none"
    >
      <div className="flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
        <LogoMark /> LearnPath
      </div>
      <Heading id="certificate-title" className="mt-8 text-sm font-semibold tracking-widest text-brand-700 uppercase">
        Certificate of completion
      </Heading>
      <p className="mt-6 text-slate-700">This certifies that</p>
      <p className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl" data-testid="certificate-name">
        {certificate.learner_name}
      </p>
      <p className="mt-6 text-slate-700">completed the {certificate.course_level.toLowerCase()} course</p>
      <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="certificate-course">
        {certificate.course_title}
      </p>
      {/* A course written for this learner alone, titled from their request (docs/product-rules.md, "Course requests"). */}
      {certificate.personal ? (
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="certificate-personal">
          A personal course, written for this learner by LearnPath
        </p>
      ) : null}
      <p className="mt-6 text-slate-700">
        on <time dateTime={certificate.completed_at}>{formatDate(certificate.completed_at)}</time>
      </p>
      <p className="mt-8 text-xs text-slate-600">
        Verification id <span className="font-mono break-all text-slate-800" data-testid="certificate-id">{certificate.verification_id}</span>
      </p>
    </article>
  );
}
