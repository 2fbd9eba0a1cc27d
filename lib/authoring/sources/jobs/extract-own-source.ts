import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import { extractSource } from "../extraction";
import { extractionPolicy } from "./extraction-policy";

const payload = z.object({ sourceId: z.number().int().positive(), ownerId: z.number().int().positive() });

/** When a learner's file found another of theirs being read (two workers fetching at once): the next look. */
const NEXT_TURN_SECONDS = 5;

/**
 * extract-own-source: reads a learner's own file (lib/authoring/sources/extraction.ts), one of each
 * learner's at a time across every worker (docs/sources.md, "Extraction slots"). pg-boss does not
 * hand out a learner's next job while one of theirs is active (the job's group, counted in
 * PostgreSQL); two workers fetching in the same instant could still both take one, so the
 * extraction's claim decides again under the learner's row lock, and the one that lost comes back
 * a few seconds later rather than holding a slot.
 */
export const extractOwnSourceJob = {
  name: "extract-own-source",
  schema: payload,
  policy: (env) => ({ ...extractionPolicy<z.infer<typeof payload>>(env), group: ({ ownerId }) => `learner-${ownerId}`, groupConcurrency: 1 }),
  handler: async (job, { db, log }) => {
    if ((await extractSource(db, job.sourceId, log)) === "not-your-turn") {
      log.info("another of this learner's files is being read; this one waits its turn");
      await sendJob(extractOwnSourceJob, job, { startAfter: NEXT_TURN_SECONDS });
    }
  },
  describe: ({ sourceId, ownerId }) => ({ source_id: sourceId, owner_id: ownerId }),
} satisfies JobDefinition<"extract-own-source", z.infer<typeof payload>>;
