import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { sources } from "../../../../db/schema";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { sendJob } from "../../../platform/jobs/send";
import { extractOwnSourceJob } from "./extract-own-source";
import { extractSourceDeadLetterJob } from "./extract-source-dead-letter";
import { extractTopicSourceJob } from "./extract-topic-source";

export const extractSourcePayload = z.object({ sourceId: z.number().int().positive() });

export type ExtractSourcePayload = z.infer<typeof extractSourcePayload>;

/**
 * extract-source: what an upload queues with its file (lib/authoring/sources/sources.ts). It reads nothing
 * itself: it hands the source to its lane (docs/sources.md, "Extraction slots"), a topic's to
 * extract-topic-source, a learner's to extract-own-source with the learner as its group, and
 * ends at once. A source deleted meanwhile is dropped here.
 */
export const extractSourceJob = {
  name: "extract-source",
  schema: extractSourcePayload,
  policy: () => ({ queue: "standard", retryLimit: 2, retryDelay: 10, retryBackoff: true, deadLetter: extractSourceDeadLetterJob, concurrency: 2, pollSeconds: 2 }),
  handler: async ({ sourceId }, { db, log }) => {
    const [source] = await db.select({ ownerId: sources.ownerId }).from(sources).where(eq(sources.id, sourceId));
    if (!source) return log.info("source gone; nothing to read");
    if (source.ownerId === null) await sendJob(extractTopicSourceJob, { sourceId });
    else await sendJob(extractOwnSourceJob, { sourceId, ownerId: source.ownerId });
  },
  describe: ({ sourceId }) => ({ source_id: sourceId }),
} satisfies JobDefinition<"extract-source", ExtractSourcePayload>;
