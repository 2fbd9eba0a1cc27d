import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { saveTopicPreferences } from "@/lib/learning/interests";
import { topicPreferenceSchema } from "@/lib/validation/learning";

// POST /users/topic-preference – add topics to the caller's interests (at least one, known ids only)
export const POST = route("signed-in", async ({ request, caller }) => {
  const { topic_ids } = await readJson(request, topicPreferenceSchema);
  return saveTopicPreferences(caller.id, topic_ids);
});
