import { getCourseForLearner } from "@/lib/courses/get-course";
import { idParam, route } from "@/lib/http/route";

// GET /courses/{id} – the course's sections and subsections with the caller's progress and quiz_status
export const GET = route("signed-in", async ({ caller, params }) => getCourseForLearner(caller, idParam(params)));
