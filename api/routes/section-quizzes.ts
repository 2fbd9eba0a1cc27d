import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { getSectionQuiz } from "@/lib/quizzes/section-quiz";
import { sectionQuizQuery } from "@/lib/validation/learning";

// GET /section-quizzes?course_id=&section_index= – one attempt's questions, missed ones first
export const GET = route("signed-in", async ({ request, caller }) => {
  const { course_id, section_index } = readQuery(request, sectionQuizQuery);
  return getSectionQuiz(caller.id, course_id, section_index);
});
