import { MAX_PAGE_SIZE } from "../pagination";
import { z } from "./zod";

/** ?page=&limit= on a list endpoint: limit 1..MAX_PAGE_SIZE (absent: the maximum), page from 1. */
export const pageQuery = {
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").max(1_000_000).optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, `limit must be between 1 and ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be between 1 and ${MAX_PAGE_SIZE}`)
    .optional(),
};
