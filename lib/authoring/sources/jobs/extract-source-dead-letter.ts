import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { failSource } from "../extraction";

const payload = z.object({ sourceId: z.number().int().positive() });

/** An extraction that failed every try for a reason of the server's: its source ends failed, with a message. */
export const extractSourceDeadLetterJob = {
  name: "extract-source-dead-letter",
  schema: payload,
  policy: () => ({ queue: "standard", concurrency: 1, pollSeconds: 5 }),
  handler: async ({ sourceId }, { db, log, source }) => {
    log.error({ last_error: source.output }, "source extraction failed its last try");
    await failSource(db, sourceId, "The server could not finish reading this file (it failed several times). Delete it and upload it again; if that fails too, the server's log says why.");
  },
  describe: ({ sourceId }) => ({ source_id: sourceId }),
} satisfies JobDefinition<"extract-source-dead-letter", z.infer<typeof payload>>;
