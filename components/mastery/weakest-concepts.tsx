import Link from "next/link";
import { cache } from "react";
import { getDb } from "@/db/client";
import { conceptReviewHref, lessonHref } from "@/components/review/lesson-href";
import { listConceptMastery, weakestConcepts } from "@/lib/practice/mastery/list-mastery";
import { LevelBadge } from "./level-badge";
import { logger } from "@/lib/platform/log/logger";

/** The dashboard's concepts whose latest answer was wrong (three at most, weakest first), each with its lesson and a review of it. */
// One read per request, however many places ask (the dashboard asks once per placement).
const loadWeakest = cache(async (userId: number) => weakestConcepts(await listConceptMastery(getDb(), userId), 3));

/** `show`: render only with concepts to list ("filled") or only without ("empty"), so the dashboard can put an empty box below its courses. */
export async function WeakestConcepts({ userId, show }: { userId: number; show?: "filled" | "empty" }) {
  let weakest: ReturnType<typeof weakestConcepts>;
  try {
    weakest = await loadWeakest(userId);
  } catch (error) {
    if (show !== "empty") logger().error({ err: error }, "dashboard: could not load mastery");
    return null;
  }
  if ((show === "filled" && !weakest.length) || (show === "empty" && weakest.length)) return null;
  return (
    <section aria-labelledby="weakest-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-4">
        <h2 id="weakest-heading" className="text-lg font-bold text-slate-900">
          Needs another look
        </h2>
        <Link href="/dashboard/progress" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:text-brand-800">
          Your progress <span aria-hidden="true">→</span>
        </Link>
      </div>
      {weakest.length ? (
        <ul className="mt-2 space-y-2">
          {weakest.map((c) => (
            <li key={`${c.course_id}:${c.concept_key}`} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <Link href={lessonHref({ course_id: c.course_id, section_index: c.section_index, subsection_index: c.subsection_index })} className="font-semibold text-slate-900 underline hover:text-brand-800">
                  {c.concept}
                </Link>{" "}
                <span className="text-sm text-slate-600">({c.course_title})</span>
              </span>
              <span className="flex items-center gap-2">
                <LevelBadge level={c.level} mastery={c.mastery} />
                <Link href={conceptReviewHref(c.course_id, c.concept_key)} className="text-sm font-semibold text-brand-700 underline">
                  Review<span className="sr-only"> {c.concept}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">Nothing needs another look: every concept you have answered, you answered right last time.</p>
      )}
    </section>
  );
}
