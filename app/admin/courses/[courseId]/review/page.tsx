import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "next/link";
import { loadByPathId } from "@/components/admin/path-id";
import { AdminHeading, EmptyState } from "@/components/admin/page-parts";
import { Markdown } from "@/components/markdown/markdown";
import { OptionsWithKey } from "@/components/reports/options-with-key";
import { ItemHistory } from "@/components/review-content/item-history";
import { LessonEditor } from "@/components/review-content/lesson-editor";
import { OpenItems } from "@/components/review-content/open-items";
import { ApproveSection, CoursePublication } from "@/components/review-content/publish-buttons";
import { QuestionEditor } from "@/components/review-content/question-editor";
import { RegenerateForm } from "@/components/review-content/regenerate-form";
import { RevisionChoice } from "@/components/review-content/revision-choice";
import { VariantDecision } from "@/components/review-content/variant-decision";
import { InlineCode } from "@/components/ui/inline-code";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { getCourseReview, type ReviewQuestion } from "@/lib/authoring/content-review/course-review";
import { getPublicationState } from "@/lib/catalogue/publication/actions";

export const metadata: Metadata = { title: "Review course" };

type Params = Promise<{ courseId: string }>;

function Question({ q, number, courseId, subject }: { q: ReviewQuestion; number: number | null; courseId: number; subject: string }) {
  return (
    <li
      id={`question-${q.id}`}
      className={`rounded-lg border p-4 ${q.retired ? "border-slate-200 bg-slate-50" : q.in_review ? "border-2 border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
      data-testid={q.in_review ? "waiting-question" : "review-question"}
    >
      <p className="font-medium text-slate-900">
        {number !== null ? <span className="mr-1 text-slate-500">{number}.</span> : null}
        <InlineCode text={q.question} />
        {q.retired ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Retired</span> : null}
        {q.in_review ? <span className="ml-2 rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">Waiting for review</span> : null}
      </p>
      <OptionsWithKey options={q.options} answer={q.correct_answer} className="mt-2" />
      {q.hint ? <p className="mt-2 text-sm text-slate-700">Hint: {q.hint}</p> : null}
      {q.explanation ? <p className="mt-1 text-sm text-slate-700">Why: {q.explanation}</p> : null}
      <p className="mt-1 text-xs text-slate-600">
        Concept: {q.concept ?? "none"}
        {q.subsection_index !== null ? ` · taught in lesson ${q.subsection_index + 1}` : ""}
      </p>
      {q.passage ? (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-line text-slate-700">
          <span className="font-semibold">Passage: </span>
          {q.passage}
        </blockquote>
      ) : null}
      <OpenItems flags={q.flags} reports={q.reports} />
      {q.choice ? <RevisionChoice choice={q.choice} kind="question" title={q.question} /> : null}
      {q.retired ? null : q.in_review ? (
        <>
          <VariantDecision id={q.id} version={q.version} label={q.question} />
          <QuestionEditor q={q} retirable={false} />
        </>
      ) : (
        <>
          <QuestionEditor q={q} />
          <RegenerateForm courseId={courseId} itemId={q.id} version={q.version} noun="question" subject={subject} latest={q.regeneration} />
        </>
      )}
      <ItemHistory history={q.history} />
    </li>
  );
}

/**
 * The admin review screen (docs/product-rules.md, "Review and editing"): every lesson rendered as
 * learners see it and every quiz item with its key, explanation, concept and passage, the open
 * flags and reports beside each; edit, retire and regenerate, each from the version shown, with
 * its history; a regenerated item's old and new version side by side, to choose from; approve a
 * section (confirmed when it publishes the course), publish the course. Quiz items are numbered in
 * the pool's order, a regenerated one in its old one's place; fresh variants waiting for review are
 * listed after them with Approve and Reject, retired ones apart.
 */
export default async function CourseReviewPage({ params }: { params: Params }) {
  await requirePageCaller("admin");
  const id = (await params).courseId;
  // Both read by the path's id (each a 404 for an unknown course), so they run together.
  const [course, publication] = await Promise.all([loadByPathId(id, (courseId) => getCourseReview(getDb(), courseId)), loadByPathId(id, (courseId) => getPublicationState(getDb(), courseId))]);
  const approved = new Set(publication.sections.filter((s) => s.published).map((s) => s.position));

  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link href={`/admin/courses/${course.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Course preview
        </Link>
      </p>
      <div className="mt-3">
        <AdminHeading title={`Review: ${course.title}`} intro="Read each lesson and question as learners will; edit, retire or regenerate what is wrong. Learners keep their progress." action={<CoursePublication courseId={course.id} state={publication.state} />} />
      </div>
      {course.sections.length === 0 ? (
        <EmptyState>No section is written yet.</EmptyState>
      ) : (
        course.sections.map((section) => (
          <section key={section.index} aria-labelledby={`section-${section.index}`} className="mt-10">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id={`section-${section.index}`} className="text-xl font-bold text-slate-900">
                Section {section.index + 1}: {section.title}
              </h2>
              {approved.has(section.index) ? (
                <span className="rounded bg-emerald-50 px-2 py-1 text-sm font-medium text-emerald-800">Approved: learners can read it</span>
              ) : (
                <ApproveSection courseId={course.id} position={section.index} title={section.title} publishesCourse={publication.state === "draft"} />
              )}
            </div>
            {section.lessons.map((lesson) => (
              <article key={lesson.id} aria-labelledby={`lesson-${lesson.id}`} className="mt-4 rounded-lg border border-slate-200 bg-white p-4" data-testid="review-lesson">
                <h3 id={`lesson-${lesson.id}`} className="text-lg font-semibold text-slate-900">
                  Lesson {lesson.position + 1}: {lesson.title}
                </h3>
                <OpenItems flags={lesson.flags} reports={lesson.reports} />
                {lesson.choice ? <RevisionChoice choice={lesson.choice} kind="lesson" title={lesson.title} /> : null}
                <div className="mt-3">
                  <LessonEditor id={lesson.id} title={lesson.title} content={lesson.content} version={lesson.version}>
                    <Markdown content={lesson.content} topLevel={4} />
                  </LessonEditor>
                </div>
                <RegenerateForm courseId={course.id} itemId={lesson.id} version={lesson.version} noun="lesson" subject={course.subject} latest={lesson.regeneration} />
                <ItemHistory history={lesson.history} />
              </article>
            ))}
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Quiz ({section.questions.length} questions in use)</h3>
            <ol className="mt-3 space-y-3" data-testid="review-questions">
              {section.questions.map((q, i) => (
                <Question key={q.id} q={q} number={i + 1} courseId={course.id} subject={course.subject} />
              ))}
            </ol>
            {section.waiting.length ? (
              <section aria-labelledby={`waiting-${section.index}`} className="mt-6" data-testid="waiting-questions">
                <h3 id={`waiting-${section.index}`} className="text-lg font-semibold text-slate-900">
                  New questions waiting for your review ({section.waiting.length})
                </h3>
                <p className="mt-1 text-sm text-slate-700">Written for learners who had seen most of this quiz. No learner is asked one until you approve it; a rejected one is retired.</p>
                <ul className="mt-3 space-y-3">
                  {section.waiting.map((q) => (
                    <Question key={q.id} q={q} number={null} courseId={course.id} subject={course.subject} />
                  ))}
                </ul>
              </section>
            ) : null}
            {section.retired.length ? (
              <details className="mt-4" data-testid="retired-questions">
                <summary className="cursor-pointer font-medium text-slate-800">
                  Retired questions ({section.retired.length}): no longer asked, kept for the answers given
                </summary>
                <ul className="mt-3 space-y-3">
                  {section.retired.map((q) => (
                    <Question key={q.id} q={q} number={null} courseId={course.id} subject={course.subject} />
                  ))}
                </ul>
              </details>
            ) : null}
          </section>
        ))
      )}
    </div>
  );
}
