import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { requestPersonalCourseWithinQuota } from "@/lib/learning/personal-course-quota";
import { generateCourseSchema } from "@/lib/validation/learning";

// POST /courses/generate – a course on one of the caller's topics, written for their level and history (202: generating; a few a day)
export const POST = route("signed-in", async ({ request, caller }) => {
  const { topic_id } = await readJson(request, generateCourseSchema);
  return Response.json(await requestPersonalCourseWithinQuota(caller.id, topic_id), { status: 202 });
});
