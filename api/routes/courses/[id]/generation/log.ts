import { getCourseGenerationLog } from "@/lib/generation/service";
import { idParam, route } from "@/lib/http/route";

// GET /courses/{id}/generation/log – every step of the course's generation: model, tokens, duration, cost, error (admin)
export const GET = route("admin", async ({ params }) => getCourseGenerationLog(idParam(params)));
