import { AppError } from "@/lib/http/app-error";
import { readJson } from "@/lib/http/request";
import { idParam, route } from "@/lib/http/route";
import { checkQuizAnswer } from "@/lib/quizzes/check-answer";
import { quizCheckSchema } from "@/lib/validation/quizzes";

// POST /courses/{courseId}/sections/{sectionIndex}/quiz-check – is this one answer right? (hint when not; records nothing)
export const POST = route("signed-in", async ({ request, caller, params }) => {
  const courseId = idParam(params);
  const raw = params.sectionIndex ?? "";
  if (!/^\d{1,4}$/.test(raw)) throw new AppError("not_found", "This course has no such section.");
  const { question_id, answer } = await readJson(request, quizCheckSchema);
  return checkQuizAnswer(caller.id, courseId, Number(raw), question_id, answer);
});
