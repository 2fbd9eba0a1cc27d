import { jsonResponse, jsonTextResponse } from "@/lib/http/json-response";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { matchesIfNoneMatch } from "@/lib/http/etag";
import { listTopicsView } from "@/lib/topics/list-topics";
import { createTopic } from "@/lib/topics/manage-topics";
import { topicSchema } from "@/lib/validation/topics";

// GET /topics – every topic with its creator, courses and totalCourses (public; personal courses only for their requester and admins).
// A strong ETag of the caller's view: If-None-Match with it gets a 304 without the body.
export const GET = route("public", async ({ request, caller }) => {
  const { body, etag } = await listTopicsView(caller);
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers: { etag } });
  return jsonTextResponse(body, { headers: { etag } });
});

// POST /topics – an admin creates a topic; its course generation is requested in the same transaction
export const POST = route("admin", async ({ request, caller }) => {
  const topic = await createTopic(caller, await readJson(request, topicSchema));
  return jsonResponse(topic, { status: 201 });
});
