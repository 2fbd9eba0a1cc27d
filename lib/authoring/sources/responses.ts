import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";
import { citedPassage } from "../../catalogue";

/* Sources and their passages (docs/sources.md), as the API answers them: plain strings, never HTML. */

export const sourceView = z
  .object({
    id,
    topic_id: id.nullable().meta({ description: "The topic the source belongs to; null for a learner's own source." }),
    owner_id: id.nullable().meta({ description: "The learner whose own source this is; null for a topic's source." }),
    file_name: z.string().meta({ description: "As uploaded: show it as text, never as HTML." }),
    media_type: z.string().meta({ description: "The type its bytes show: application/pdf, the .docx type, text/markdown or text/plain." }),
    byte_size: z.number().int().min(0),
    sha256: z.string().meta({ description: "The file's SHA-256, hex: a second upload of the same file to the same place is refused." }),
    status: z.enum(["queued", "extracting", "ready", "failed"]),
    pages_done: z.number().int().min(0),
    pages_total: z.number().int().min(0).nullable().meta({ description: "Known once extraction has opened the file (1 for a file without pages)." }),
    failure: z.string().nullable().meta({ description: "Why the file cannot be used (status failed), fit to show." }),
    passage_count: z.number().int().min(0),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Source" });

export type SourceView = z.output<typeof sourceView>;

export const passageView = z
  .object({
    id,
    position: z.number().int().min(0).meta({ description: "Its place in the source's reading order, from 0." }),
    page: z.number().int().min(1).nullable().meta({ description: "The PDF page it is on; null for a file without pages." }),
    heading: z.string().nullable().meta({ description: "The heading it sits under, if any." }),
    text: z.string(),
  })
  .meta({ id: "SourcePassage" });

export type PassageView = z.output<typeof passageView>;

/* What learners see of a course's sources (docs/sources.md, "What learners see"). */

export const courseSourceView = z
  .object({
    id,
    file_name: z.string().meta({ description: "As uploaded (a learner's own file is named only to them and admins). Show it as text, never as HTML." }),
    media_type: z.string(),
    pages: z.number().int().min(0).nullable().meta({ description: "How many pages it has (1 for a file without pages); null while unknown." }),
  })
  .meta({ id: "CourseSource" });

export type CourseSourceView = z.output<typeof courseSourceView>;

export const citationView = z
  .object({
    number: z.number().int().min(1).meta({ description: "The `[n]` of the lesson's text." }),
    passage: citedPassage.nullable().meta({ description: "Null once the source was removed." }),
  })
  .meta({ id: "Citation" });

export type CitationView = z.output<typeof citationView>;
