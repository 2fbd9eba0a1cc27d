import { z } from "../../platform/schemas/zod";

/* Query schemas of the generation API. */

/** GET /generation/runs: ?limit= how many of the most recent model calls (1..500, absent: 50). */
export const recentRunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
