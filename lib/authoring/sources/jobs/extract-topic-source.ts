import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { extractSource } from "../extraction";
import { extractionPolicy } from "./extraction-policy";

const payload = z.object({ sourceId: z.number().int().positive() });

/**
 * extract-topic-source: reads an admin's topic file (lib/authoring/sources/extraction.ts) in a lane of its
 * own, so a topic's files never wait behind learners' (docs/sources.md, "Extraction slots").
 */
export const extractTopicSourceJob = {
  name: "extract-topic-source",
  schema: payload,
  policy: (env) => extractionPolicy(env),
  handler: async ({ sourceId }, { db, log }) => {
    await extractSource(db, sourceId, log);
  },
  describe: ({ sourceId }) => ({ source_id: sourceId }),
} satisfies JobDefinition<"extract-topic-source", z.infer<typeof payload>>;
