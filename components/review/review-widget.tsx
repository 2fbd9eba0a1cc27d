import { ButtonLink } from "@/components/ui/button-link";
import { learnerNow } from "@/lib/review/clock";
import { countDueCards } from "@/lib/review/due-cards";
import { dueIn } from "./relative-time";
import { logger } from "@/lib/log/logger";

/**
 * The dashboard's review box: "N to review" with a button, or when the next card is due. Both come
 * from one statement at one `now`, and a card not due yet never reads "due now" (dueIn), so the
 * box cannot say "Nothing to review now" and "due now" together.
 */
export async function ReviewWidget({ userId }: { userId: number }) {
  const now = learnerNow(userId);
  let due: Awaited<ReturnType<typeof countDueCards>>;
  try {
    due = await countDueCards(userId, now);
  } catch (error) {
    logger().error({ err: error }, "dashboard: could not load the review cards");
    return null;
  }
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
