import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { learnerNow } from "@/lib/review/clock";
import { listDueCards } from "@/lib/review/due-cards";
import { dueCardsQuery } from "@/lib/validation/review";

// GET /review/due?limit= – the caller's review cards due now (no answer key), how many, and when the next is due
export const GET = route("signed-in", async ({ request, caller }) => {
  const { limit } = readQuery(request, dueCardsQuery);
  return listDueCards(caller.id, learnerNow(caller.id), limit);
});
