import { pageQuery } from "./pagination";
import { z } from "./zod";

/* Query schemas of the admin API and pages. */

/** GET /users: ?search= filters by e-mail, ?page=&limit= pages. */
export const userListQuery = z.object({ search: z.string().trim().max(254).optional(), ...pageQuery });

/** GET /quiz-questions/stats: ?page=&limit=&flag= (flag: either review flag, or both with 'flagged'). */
export const questionStatsQuery = z.object({
  ...pageQuery,
  flag: z.enum(["almost_everyone_misses", "almost_nobody_misses", "flagged"], { error: "Unknown flag" }).optional(),
});
