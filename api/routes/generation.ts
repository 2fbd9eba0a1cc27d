import { getGenerationOverview } from "@/lib/generation/service";
import { route } from "@/lib/http/route";

// GET /generation – model setup (or "no model is configured"), courses generating and failed, recent runs, cost per day and course (admin)
export const GET = route("admin", async () => getGenerationOverview());
