import { pagedJson } from "@/lib/http/paged";
import { readQuery } from "@/lib/http/request";
import { assertSelfOrAdmin, idParam, route } from "@/lib/http/route";
import { listCompletedCourses } from "@/lib/learning/enrollment";
import { completedCoursesQuery as query } from "@/lib/validation/learning";

// TRANSITION: api/openapi/operations/learning.ts still imports the schema from here.
export { query };

// GET /users/{id}/completed-courses?page=&limit= – courses the learner finished at 100% (own, or any as an admin), at most 100 at a time
export const GET = route("signed-in", async ({ request, caller, params }) => {
  const id = idParam(params);
  assertSelfOrAdmin(caller, id);
  return pagedJson(await listCompletedCourses(id), readQuery(request, query));
});
