import { cache } from "react";
import { getDb } from "@/db/client";
import { ButtonLink } from "@/components/ui/button-link";
import { learnerNow } from "@/lib/practice/review/clock";
import { countDueCards } from "@/lib/practice/review/due-cards";
import { dueIn } from "./relative-time";
import { logger } from "@/lib/platform/log/logger";

/**
 * The dashboard's review box: "N to review" with a button, or when the next card is due. Both come
 * from one statement at one `now`, and a card not due yet never reads "due now" (dueIn), so the
 * box cannot say "Nothing to review now" and "due now" together.
 */
// One read per request, however many places ask (the dashboard asks once per placement).
const loadDue = cache(async (userId: number) => {
  const now = learnerNow(userId);
  return { now, due: await countDueCards(getDb(), userId, now) };
});

/**
 * `show`: render only when it has something ("filled": cards due or scheduled) or only when it
 * has not ("empty"), so the dashboard can put an empty box below its courses.
 */
export async function ReviewWidget({ userId, show }: { userId: number; show?: "filled" | "empty" }) {
  let now: Date;
  let due: Awaited<ReturnType<typeof countDueCards>>;
  try {
    ({ now, due } = await loadDue(userId));
  } catch (error) {
    if (show !== "empty") logger().error({ err: error }, "dashboard: could not load the review cards");
    return null;
  }
  const empty = due.due_count === 0 && !due.next_due_at;
  if ((show === "filled" && empty) || (show === "empty" && !empty)) return null;
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="review-heading" className="text-lg font-bold text-slate-900">
        Review
      </h2>
      {due.due_count > 0 ? (
        <>
          <p data-testid="review-due" className="mt-2 text-slate-700">
            <span className="text-2xl font-bold text-slate-900">{due.due_count}</span> to review
          </p>
          <div className="mt-4">
            <ButtonLink href="/dashboard/review">Start review</ButtonLink>
          </div>
        </>
      ) : (
        <p data-testid="review-due" className="mt-2 text-slate-700">
          {due.next_due_at ? `Nothing to review now. Your next review is due ${dueIn(new Date(due.next_due_at), now)}.` : "Nothing to review yet: questions you answer in quizzes come back here."}
        </p>
      )}
    </section>
  );
}
