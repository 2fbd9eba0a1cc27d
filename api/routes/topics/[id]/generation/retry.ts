import { retryTopicCourses } from "@/lib/generation/service";
import { idParam, route } from "@/lib/http/route";

// POST /topics/{id}/generation/retry – propose a topic's courses again after that step failed (admin; 409 once it has courses)
export const POST = route("admin", async ({ params }) => Response.json(await retryTopicCourses(idParam(params)), { status: 202 }));
