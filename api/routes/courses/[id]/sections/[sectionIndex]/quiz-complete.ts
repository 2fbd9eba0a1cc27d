import { AppError } from "@/lib/http/app-error";
import { readJson } from "@/lib/http/request";
import { idParam, route } from "@/lib/http/route";
import { learnerNow } from "@/lib/review/clock";
import { submitQuizAttempt } from "@/lib/quizzes/section-quiz";
import { quizSubmissionSchema } from "@/lib/validation/learning";

// POST /courses/{courseId}/sections/{sectionIndex}/quiz-complete – grade the learner's answers and record the attempt
export const POST = route("signed-in", async ({ request, caller, params }) => {
  const courseId = idParam(params);
  const raw = params.sectionIndex ?? "";
  if (!/^\d{1,4}$/.test(raw)) throw new AppError("not_found", "This course has no such section.");
  const { answers } = await readJson(request, quizSubmissionSchema);
  return submitQuizAttempt(caller.id, courseId, Number(raw), answers, learnerNow(caller.id));
});
