import { jsonResponse } from "@/lib/http/json-response";
import { listQuestionStats } from "@/lib/admin/question-stats";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { questionStatsQuery } from "@/lib/validation/admin";

// GET /quiz-questions/stats – per quiz question: attempts, first-try correct rate, most chosen wrong option
// and a review flag (admin); ?page=&limit=&flag= (X-Total-Count has the total)
export const GET = route("admin", async ({ request }) => {
  const { questions, total } = await listQuestionStats(readQuery(request, questionStatsQuery));
  return jsonResponse(questions, { headers: { "x-total-count": String(total) } });
});
