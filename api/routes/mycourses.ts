import { targetUserId } from "@/lib/http/owner";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { listMyCourses } from "@/lib/learning/enrollment";
import { userIdQuery } from "@/lib/validation/learning";

// GET /mycourses?user_id= – the learner's enrolled courses with progress
export const GET = route("signed-in", async ({ request, caller }) =>
  listMyCourses(targetUserId(caller, readQuery(request, userIdQuery).user_id)),
);
