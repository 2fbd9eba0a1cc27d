import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "next/link";
import { GenerationState } from "@/components/admin/generation-state";
import { loadByPathId } from "@/components/admin/path-id";
import { AdminHeading, EmptyState } from "@/components/admin/page-parts";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { Markdown } from "@/components/markdown/markdown";
import { InlineCode, optionsAreCode, optionText } from "@/components/ui/inline-code";
import { getCoursePreview, type CoursePreview } from "@/lib/operations/admin/course-preview";
import { requirePageCaller } from "@/lib/accounts/auth/page";

export const metadata: Metadata = { title: "Course preview" };

type Params = Promise<{ courseId: string }>;

function Question({ q, number }: { q: CoursePreview["sections"][number]["questions"][number]; number: number }) {
  const code = optionsAreCode(q.question, q.options);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">
        <span className="mr-1 text-slate-500">{number}.</span>
        <InlineCode text={q.question} />
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {q.options.map((option) => {
          const right = option === q.correct_answer;
          return (
            <li key={option} className={right ? "font-semibold text-emerald-800" : "text-slate-700"}>
              <span aria-hidden="true">{right ? "✓ " : "○ "}</span>
              <InlineCode text={optionText(option, code)} />
              {right ? <span className="sr-only"> (the right answer)</span> : null}
            </li>
          );
        })}
      </ul>
      {q.hint ? <p className="mt-2 text-sm text-slate-700">Hint: {q.hint}</p> : null}
      {q.explanation ? <p className="mt-1 text-sm text-slate-700">Why: {q.explanation}</p> : null}
      {q.concept ? <p className="mt-1 text-xs text-slate-600">Concept: {q.concept}</p> : null}
    </li>
  );
}

/**
 * A course's admin preview (docs/product-rules.md, Admin screens), opened from "View Courses":
 * read-only, every published section with its lessons and its quiz pool with the keys; nothing is
 * enrolled or recorded.
 */
export default async function CoursePreviewPage({ params }: { params: Params }) {
  await requirePageCaller("admin");
  const course = await loadByPathId((await params).courseId, (courseId) => getCoursePreview(getDb(), courseId));

  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link href={`/admin/topics?search=${encodeURIComponent(course.topic.title)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Topics: {course.topic.title}
        </Link>
      </p>
      <div className="mt-3">
        <AdminHeading title={course.title} intro={course.description} />
      </div>
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium">Preview (read-only)</span>
        <Link href={`/admin/courses/${course.id}/review`} className="font-medium text-brand-700 underline underline-offset-2">
          Review and edit
        </Link>
        <DifficultyBadge level={course.level} />
        <GenerationState state={course.state} />
        <span>
          {course.sections.length} {course.sections.length === 1 ? "section" : "sections"} published
        </span>
      </p>
      {course.state === "Failed" && course.error ? <p className="mt-3 text-sm text-red-800">Failure: {course.error}</p> : null}

      {course.sections.length === 0 ? (
        <EmptyState>
          {course.state === "Waiting for a model"
            ? "Nothing is written yet: this course waits for a model to be connected."
            : "No section is published yet."}
        </EmptyState>
      ) : (
        course.sections.map((section) => (
          <section key={section.index} aria-labelledby={`section-${section.index}`} className="mt-10">
            <h2 id={`section-${section.index}`} className="text-xl font-bold text-slate-900">
              Section {section.index + 1}: {section.title}
            </h2>
            {section.subsections.map((sub, i) => (
              <details key={i} className="mt-3 rounded-lg border border-slate-200 bg-white p-4">
                <summary className="cursor-pointer font-semibold text-slate-900">{sub.title}</summary>
                <div className="prose prose-slate mt-3 max-w-none">
                  <Markdown content={sub.content} topLevel={4} />
                </div>
              </details>
            ))}
            <h3 className="mt-6 text-lg font-semibold text-slate-900">
              Quiz ({section.questions.length} {section.questions.length === 1 ? "question" : "questions"})
            </h3>
            {section.questions.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No quiz questions yet.</p>
            ) : (
              <ol className="mt-3 space-y-3">
                {section.questions.map((q, i) => (
                  <Question key={q.id} q={q} number={i + 1} />
                ))}
              </ol>
            )}
          </section>
        ))
      )}
    </div>
  );
}
