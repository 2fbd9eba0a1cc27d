import { contentFlagKind, contentFlagSeverity } from "@/db/schema";
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_RESOLUTIONS } from "@/lib/authoring/reports/reasons";
import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of learner reports (docs/product-rules.md, "Reports"; see lib/platform/schemas/common-responses.ts). */

const reason = z.enum(REPORT_REASONS);
const resolution = z.enum(REPORT_RESOLUTIONS);

/** Where a report is: a lesson, or a quiz item (its text only: never its options or key). */
const place = {
  kind: z.enum(["lesson", "question"]),
  course_id: id,
  course_title: z.string(),
  section_index: z.number().int().min(0),
  subsection_index: z.number().int().min(0).nullable().meta({ description: "The lesson's; null for a quiz item." }),
  question_id: id.nullable().meta({ description: "The quiz item's; null for a lesson." }),
  title: z.string().meta({ description: "The lesson's title, or the item's question." }),
};

export const myReport = z
  .object({
    id,
    ...place,
    reason,
    note: z.string().nullable().meta({ description: "The learner's own words, as plain text." }),
    status: z.enum(["open", "handled"]),
    resolution: resolution.nullable().meta({ description: "How an admin handled it; null while open." }),
    outcome: z
      .enum(REPORT_OUTCOMES)
      .nullable()
      .meta({
        description:
          "What came of it; null while open: the lesson or item `edited`, `rewritten` or `removed` (taken out of the quiz) since the report, `no_change` (checked, no change was needed) or `dismissed`.",
      }),
    created_at: timestamp,
    updated_at: timestamp,
    resolved_at: timestamp.nullable(),
  })
  .meta({ id: "MyReport", description: "One of the caller's reports, without any answer key." });

export type MyReport = z.output<typeof myReport>;

export const myReports = z.object({ reports: z.array(myReport) }).meta({ id: "MyReports" });

export type MyReports = z.output<typeof myReports>;

export const queueReport = z.object({ id, reason, note: z.string().nullable(), created_at: timestamp, updated_at: timestamp }).meta({ id: "QueueReport" });

export const machineFlag = z
  .object({
    id,
    kind: z.enum(contentFlagKind.enumValues).meta({ description: "Which check raised it: grounding (a statement its sources do not support), citation, or judge (the judge pass)." }),
    severity: z.enum(contentFlagSeverity.enumValues),
    message: z.string(),
    created_at: timestamp,
  })
  .meta({ id: "MachineFlag", description: "An open flag a machine check raised on the lesson or item." });

export type MachineFlag = z.output<typeof machineFlag>;

export const queueGroup = z
  .object({
    ...place,
    section_title: z.string(),
    options: z.array(z.string()).nullable().meta({ description: "A quiz item's options; null for a lesson." }),
    correct_answer: z.string().nullable(),
    explanation: z.string().nullable(),
    affected_learners: z
      .number()
      .int()
      .min(0)
      .meta({ description: "The most of: learners who reported it; for an analytics flag, who answered it; for a machine flag, the item's learners (who answered the item, or are enrolled in the lesson's course)." }),
    reporters: z.number().int().min(0),
    reason_counts: z.partialRecord(reason, z.number().int().min(1)),
    flag: z.enum(["almost_everyone_misses", "almost_nobody_misses"]).nullable().meta({ description: "The item's open analytics flag (db/question-flags.ts), if any." }),
    flag_learners: z.number().int().min(0),
    machine_flags: z.array(machineFlag).meta({ description: "The machine checks' open flags on it, major first." }),
    reports: z.array(queueReport).meta({ description: "The open reports, newest first (at most 20)." }),
    last_reported_at: timestamp.nullable(),
  })
  .meta({ id: "ReportGroup", description: "Everything open about one lesson or quiz item: learners' reports, its analytics flag and the machine checks' flags." });

export type QueueGroup = z.output<typeof queueGroup>;

export const reportQueue = z.object({ groups: z.array(queueGroup), total: z.number().int().min(0) }).meta({ id: "ReportQueue" });

export type ReportQueue = z.output<typeof reportQueue>;

export const resolvedReports = z
  .object({
    resolved_reports: z.number().int().min(0),
    flag_resolved: z.boolean(),
    resolved_machine_flags: z.number().int().min(0).meta({ description: "Open machine-check flags on the target resolved with it." }),
  })
  .meta({ id: "ResolvedReports" });

export type ResolvedReports = z.output<typeof resolvedReports>;
