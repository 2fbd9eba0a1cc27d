import { targetUserId } from "@/lib/http/owner";
import { pagedRangeJson } from "@/lib/http/paged";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { listRecommendationsRange } from "@/lib/recommendations/recommend";
import { userListQuery } from "@/lib/validation/learning";

// GET /recommendations?user_id=&page=&limit= – unenrolled courses ranked for the learner, at most 100 at a time (X-Total-Count has the total)
export const GET = route("signed-in", async ({ request, caller }) => {
  const { user_id, ...page } = readQuery(request, userListQuery);
  const userId = targetUserId(caller, user_id);
  return pagedRangeJson(page, (range) => listRecommendationsRange(userId, range));
});
