import { z } from "zod";
import { listRecentRuns } from "@/lib/generation/service";
import { readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";

export const query = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

// GET /generation/runs?limit= – the most recent model calls across courses (admin)
export const GET = route("admin", async ({ request }) => listRecentRuns(readQuery(request, query).limit));
