import { courseGenerationFor } from "@/lib/courses/course-generation";
import { idParam, route } from "@/lib/http/route";

// GET /courses/{id}/generation – Generating/Generated/Failed, sections done of total, the reason; poll while Generating
export const GET = route("signed-in", async ({ caller, params }) => courseGenerationFor(caller, idParam(params)));
