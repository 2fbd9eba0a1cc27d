import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { idParam } from "@/components/reader/links";
import { dueIn } from "@/components/review/relative-time";
import { ReviewSession } from "@/components/review/review-session";
import { TutorHost } from "@/components/tutor/tutor-host";
import { ButtonLink } from "@/components/ui/button-link";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { conceptKey } from "@/lib/practice/mastery/model";
import { learnerNow } from "@/lib/practice/review/clock";
import { listDueCards, REVIEW_SESSION_SIZE, type ConceptFilter } from "@/lib/practice/review/due-cards";

export const metadata: Metadata = { title: "Review" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /dashboard/review: a session of the learner's due review cards across courses, one at a time
 * (FSRS decides what is due; lib/practice/review/due-cards.ts what a session holds). With ?courseId=&concept= it reviews one concept on demand instead, due or not
 * (the "Review" links of /dashboard/progress).
 */
export default async function ReviewPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  const courseId = idParam(params.courseId);
  const concept = typeof params.concept === "string" ? conceptKey(params.concept) : "";
  const only: ConceptFilter | undefined = courseId !== null && concept ? { courseId, conceptKey: concept } : undefined;
  const now = learnerNow(caller.id);
  const due = await listDueCards(getDb(), caller.id, now, REVIEW_SESSION_SIZE, only);

  return (
    // Wider while the lesson tutor is open beside the review ("Explain my answer").
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8 xl:has-[[data-tutor=open]]:max-w-6xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Review</h1>
      <p className="mt-2 text-slate-700">
        {only ? "Questions on one concept, to practise it now." : "Questions you answered before, brought back just before you would forget them."}
      </p>
      <div className="mt-8">
        {due.cards.length ? (
          <TutorHost>
            <ReviewSession cards={due.cards} />
          </TutorHost>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
            <p role="status" className="text-lg">
              Nothing to review right now.
            </p>
            <p className="mt-2">
              {due.next_due_at
                ? `Your next review is due ${dueIn(new Date(due.next_due_at), now)}.`
                : "Take a section quiz: every question you answer comes back here for review."}
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/dashboard/progress">See your progress</ButtonLink>
              <ButtonLink href="/dashboard" variant="outline">
                Back to dashboard
              </ButtonLink>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
