import { z } from "./zod";

/* Query schemas of the admin API and pages. */

const page = z.coerce.number().int().min(1).max(1_000_000).optional();
const limit = z.coerce.number().int().min(1).max(100).optional();

/** GET /quiz-questions/stats: ?page=&limit=&flag= (flag: either review flag, or both with 'flagged'). */
export const questionStatsQuery = z.object({
  page,
  limit,
  flag: z.enum(["almost_everyone_misses", "almost_nobody_misses", "flagged"], { error: "Unknown flag" }).optional(),
});
