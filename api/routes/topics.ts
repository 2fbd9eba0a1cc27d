import { NextResponse } from "next/server";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { listTopicsJson } from "@/lib/topics/list-topics";
import { createTopic } from "@/lib/topics/manage-topics";
import { topicSchema } from "@/lib/validation/topics";

// GET /topics – every topic with its creator, courses and totalCourses (public; personal courses only for their requester and admins)
export const GET = route("public", async ({ caller }) => new NextResponse(await listTopicsJson(caller), { headers: { "content-type": "application/json" } }));

// POST /topics – an admin creates a topic; its course generation is requested in the same transaction
export const POST = route("admin", async ({ request, caller }) => {
  const topic = await createTopic(caller, await readJson(request, topicSchema));
  return NextResponse.json(topic, { status: 201 });
});
