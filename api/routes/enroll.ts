import { jsonResponse } from "@/lib/http/json-response";
import { targetUserId } from "@/lib/http/owner";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { enroll } from "@/lib/learning/enrollment";
import { enrollSchema } from "@/lib/validation/learning";

// POST /enroll – enrol in a course; idempotent (201 the first time, 200 after)
export const POST = route("signed-in", async ({ request, caller }) => {
  const body = await readJson(request, enrollSchema);
  const result = await enroll(caller, targetUserId(caller, body.user_id), body.course_id);
  return jsonResponse(result, { status: result.enrolled ? 201 : 200 });
});
