import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { LEVEL_LABEL, LevelBadge } from "@/components/mastery/level-badge";
import { conceptReviewHref, lessonHref } from "@/components/review/lesson-href";
import { ButtonLink } from "@/components/ui/button-link";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listConceptMastery, type ConceptRow } from "@/lib/practice/mastery/list-mastery";
import type { MasteryLevel } from "@/lib/practice/mastery/model";

export const metadata: Metadata = { title: "Your progress" };

// Weakest first.
const GROUPS: MasteryLevel[] = ["struggling", "learning", "new", "mastered"];

/**
 * /dashboard/progress: strengths and weaknesses per enrolled course. It opens with one line per
 * course counting its concepts by level; courses not practised yet wait behind a toggle. Each
 * course's concepts are then grouped by level, weakest first, each linking to the lesson that
 * teaches it and to a review of it.
 */
export default async function ProgressPage() {
  const caller = await requirePageCaller("user");
  const rows = await listConceptMastery(getDb(), caller.id);
  const byCourse = new Map<number, ConceptRow[]>();
  for (const row of rows) byCourse.set(row.course_id, [...(byCourse.get(row.course_id) ?? []), row]);
  const courses = [...byCourse.values()];
  const practised = courses.filter((concepts) => concepts.some((c) => c.answers > 0));
  const untouched = courses.filter((concepts) => concepts.every((c) => c.answers === 0));

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your progress</h1>
      <p className="mt-3 text-lg text-slate-600">What you have mastered and what needs another look, concept by concept. Every answer, in quizzes and reviews, moves these.</p>
      {byCourse.size === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
          <p>Enrol in a course and take its quizzes to see your mastery here.</p>
          <div className="mt-6">
            <ButtonLink href="/dashboard">Back to dashboard</ButtonLink>
          </div>
        </div>
      ) : (
        <>
          {practised.length ? (
            <section aria-labelledby="summary-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
                In short
              </h2>
              <ul className="mt-2 space-y-1">
                {practised.map((concepts) => (
                  <li key={concepts[0]!.course_id} data-testid="course-summary">
                    <a href={`#course-${concepts[0]!.course_id}`} className="font-semibold text-brand-700 underline hover:text-brand-800">
                      {concepts[0]!.course_title}
                    </a>
                    <span className="text-slate-700">: {summaryOf(concepts)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <p className="mt-8 text-slate-700">Take a quiz in one of your courses: its concepts show up here with what you have mastered.</p>
          )}
          {practised.map((concepts) => <CourseConcepts key={concepts[0]!.course_id} concepts={concepts} />)}
          {untouched.length ? (
            <details className="mt-10 rounded-2xl border border-slate-200 bg-white p-5">
              <summary className="min-h-11 cursor-pointer font-semibold text-slate-900">
                {untouched.length} course{untouched.length === 1 ? "" : "s"} not practised yet
              </summary>
              {untouched.map((concepts) => (
                <CourseConcepts key={concepts[0]!.course_id} concepts={concepts} />
              ))}
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}

/** "2 mastered · 3 learning · 1 needs another look · 4 not tried yet", in the levels' own words. */
function summaryOf(concepts: ConceptRow[]): string {
  const count = (level: MasteryLevel) => concepts.filter((c) => c.level === level).length;
  return (["mastered", "learning", "struggling", "new"] as const)
    .filter((level) => count(level) > 0)
    .map((level) => `${count(level)} ${LEVEL_LABEL[level].toLowerCase()}`)
    .join(" · ");
}

/** One course's concepts, grouped by level, weakest first. */
function CourseConcepts({ concepts }: { concepts: ConceptRow[] }) {
  const course = concepts[0]!;
  const headingId = `course-${course.course_id}`;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {course.course_title}
      </h2>
      {GROUPS.map((level) => {
        const group = concepts.filter((c) => c.level === level);
        if (!group.length) return null;
        const groupId = `${headingId}-${level}`;
        return (
          <div key={level} className="mt-4">
            <h3 id={groupId} className="text-lg font-semibold text-slate-800">
              {LEVEL_LABEL[level]} ({group.length})
            </h3>
            <ul aria-labelledby={groupId} className="mt-2 space-y-2">
              {group.map((c) => (
                <li key={c.concept_key} data-testid="concept" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
                  <div>
                    <p className="font-semibold text-slate-900">{c.concept}</p>
                    <p className="text-sm text-slate-600">
                      Lesson:{" "}
                      <Link href={lessonHref({ course_id: c.course_id, section_index: c.section_index, subsection_index: c.subsection_index })} className="text-brand-700 underline hover:text-brand-800">
                        {c.lesson_title}
                      </Link>
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <LevelBadge level={c.level} mastery={c.mastery} />
                    {c.answers > 0 ? (
                      <Link href={conceptReviewHref(c.course_id, c.concept_key)} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
                        Review<span className="sr-only"> {c.concept}</span>
                      </Link>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
