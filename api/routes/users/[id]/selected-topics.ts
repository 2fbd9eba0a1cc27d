import { assertSelfOrAdmin, idParam, route } from "@/lib/http/route";
import { listSelectedTopics } from "@/lib/learning/interests";

// GET /users/{id}/selected-topics – the topics a learner chose (own, or any as an admin)
export const GET = route("signed-in", async ({ caller, params }) => {
  const id = idParam(params);
  assertSelfOrAdmin(caller, id);
  return listSelectedTopics(id);
});
