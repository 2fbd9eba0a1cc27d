import { MAX_PAGE_SIZE } from "../../platform/pagination";
import { z } from "../../platform/schemas/zod";

/* Requests of a user's notifications (docs/product-rules.md, "Notifications"). */

const LIMIT = `limit must be between 1 and ${MAX_PAGE_SIZE}`;
const CURSOR = "cursor must be the next_cursor of an earlier page";

/** GET /users/me/notifications: a page, after the one whose next_cursor is given. */
export const notificationsQuery = z.object({
  cursor: z.coerce
    .number({ error: CURSOR })
    .int(CURSOR)
    .positive(CURSOR)
    .max(2_147_483_647, CURSOR)
    .optional()
    .meta({ description: "The `next_cursor` of the page before; absent: the newest." }),
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(MAX_PAGE_SIZE, LIMIT).optional().meta({ description: "How many at most (default 20)." }),
});
