import { targetUserId } from "@/lib/http/owner";
import { pagedJson } from "@/lib/http/paged";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { listMyCourses } from "@/lib/learning/enrollment";
import { userListQuery } from "@/lib/validation/learning";

// GET /mycourses?user_id=&page=&limit= – the learner's enrolled courses with progress, at most 100 at a time (X-Total-Count has the total)
export const GET = route("signed-in", async ({ request, caller }) => {
  const { user_id, ...page } = readQuery(request, userListQuery);
  return pagedJson(await listMyCourses(targetUserId(caller, user_id)), page);
});
