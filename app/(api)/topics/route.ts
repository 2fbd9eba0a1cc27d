import { route } from "@/lib/http/route";
import { listTopics } from "@/lib/topics/list-topics";

// GET /topics – every topic with its creator, courses and totalCourses (public)
export const GET = route("public", async () => listTopics());
