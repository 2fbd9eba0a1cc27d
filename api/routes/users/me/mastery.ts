import { route } from "@/lib/http/route";
import { listMyMastery } from "@/lib/mastery/list-mastery";

// GET /users/me/mastery – the caller's mastery of every concept of their enrolled courses, weakest first per course
export const GET = route("signed-in", async ({ caller }) => listMyMastery(caller.id));
