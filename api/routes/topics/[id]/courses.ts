import { idParam, route } from "@/lib/http/route";
import { getTopicCourses } from "@/lib/topics/list-topics";

// GET /topics/{id}/courses – a topic and its courses (public)
export const GET = route("public", async ({ caller, params }) => getTopicCourses(caller, idParam(params)));
