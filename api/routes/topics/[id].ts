import { readJson } from "@/lib/http/request";
import { idParam, route } from "@/lib/http/route";
import { deleteTopic, updateTopic } from "@/lib/topics/manage-topics";
import { topicSchema } from "@/lib/validation/topics";

// PUT /topics/{id} – an admin edits a topic's title and description
export const PUT = route("admin", async ({ request, params }) => updateTopic(idParam(params), await readJson(request, topicSchema)));

// DELETE /topics/{id} – an admin deletes a topic with its courses and everything under them
export const DELETE = route("admin", async ({ params }) => {
  await deleteTopic(idParam(params));
  return new Response(null, { status: 204 });
});
