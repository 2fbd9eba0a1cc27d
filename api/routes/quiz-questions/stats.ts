import { NextResponse } from "next/server";
import { listQuestionStats } from "@/lib/admin/question-stats";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { questionStatsQuery } from "@/lib/validation/admin";

// GET /quiz-questions/stats – per quiz question: attempts, first-try correct rate, most chosen wrong option
// and a review flag (admin); ?page=&limit=&flag= (X-Total-Count has the total)
export const GET = route("admin", async ({ request }) => {
  const { questions, total } = await listQuestionStats(readQuery(request, questionStatsQuery));
  return NextResponse.json(questions, { headers: { "x-total-count": String(total) } });
});
