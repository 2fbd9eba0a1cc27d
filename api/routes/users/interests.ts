import { route } from "@/lib/http/route";
import { hasInterests } from "@/lib/learning/interests";

// GET /users/interests – whether the caller has chosen any topic
export const GET = route("signed-in", async ({ caller }) => hasInterests(caller.id));
