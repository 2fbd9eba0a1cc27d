import { z } from "zod";
import type { JobPolicy } from "./definition";

/*
 * Housekeeping jobs that pg-boss sends on a schedule (one run per occurrence across all workers)
 * and that carry no payload: they share one policy.
 */

export const noPayload = z.object({});
export type NoPayload = z.infer<typeof noPayload>;

/** Every few minutes, on a schedule; a run that would overlap the next one is pointless, so one at a time. */
export function scheduledPolicy(schedule: string): JobPolicy<NoPayload> {
  return {
    queue: "singleton",
    retryLimit: 2,
    retryDelay: 30,
    deleteAfterSeconds: 24 * 60 * 60,
    concurrency: 1,
    pollSeconds: 10,
    schedule,
  };
}
