import { targetUserId } from "@/lib/http/owner";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { listRecommendations } from "@/lib/recommendations/recommend";
import { userIdQuery } from "@/lib/validation/learning";

// GET /recommendations?user_id= – unenrolled courses ranked for the learner
export const GET = route("signed-in", async ({ request, caller }) =>
  listRecommendations(targetUserId(caller, readQuery(request, userIdQuery).user_id)),
);
