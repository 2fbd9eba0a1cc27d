import { z } from "zod";
import { requestPersonalCourse } from "@/lib/generation/service";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";

const body = z.object({ topic_id: z.number({ error: "topic_id must be a topic id" }).int().positive() });

// POST /courses/generate – a course on one of the caller's topics, written for their level and history (202: generating)
export const POST = route("signed-in", async ({ request, caller }) => {
  const { topic_id } = await readJson(request, body);
  return Response.json(await requestPersonalCourse(caller.id, topic_id), { status: 202 });
});
