import { assertSelfOrAdmin, idParam, route } from "@/lib/http/route";
import { listCompletedCourses } from "@/lib/learning/enrollment";

// GET /users/{id}/completed-courses – courses the learner finished at 100% (own, or any as an admin)
export const GET = route("signed-in", async ({ caller, params }) => {
  const id = idParam(params);
  assertSelfOrAdmin(caller, id);
  return listCompletedCourses(id);
});
