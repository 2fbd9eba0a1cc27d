import { retryCourseGeneration } from "@/lib/generation/service";
import { idParam, route } from "@/lib/http/route";

// POST /courses/{id}/generation/retry – start a failed course's generation again, keeping the sections already made (admin)
export const POST = route("admin", async ({ params }) => Response.json(await retryCourseGeneration(idParam(params)), { status: 202 }));
