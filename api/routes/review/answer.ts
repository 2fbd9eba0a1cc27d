import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { answerReviewCard } from "@/lib/review/answer-card";
import { learnerNow } from "@/lib/review/clock";
import { reviewAnswerSchema } from "@/lib/validation/review";

// POST /review/answer – answer one of the caller's review cards: graded, rescheduled, mastery updated
export const POST = route("signed-in", async ({ request, caller }) => {
  const { card_id, answer } = await readJson(request, reviewAnswerSchema);
  return answerReviewCard(caller.id, card_id, answer, learnerNow(caller.id));
});
