/*
 * What a learner may say is wrong with a lesson or a quiz item, and how an admin may resolve it
 * (docs/product-rules.md, "Reports"). Shared by the API's schemas, the report dialog and the
 * admin queue; the database enums (db/schema.ts) hold the same values.
 */

import { REPORT_NOTE_MAX, REPORT_OUTCOMES, REPORT_REASONS, REPORT_RESOLUTIONS } from "../../../db/report-values";

export { REPORT_NOTE_MAX, REPORT_OUTCOMES, REPORT_REASONS, REPORT_RESOLUTIONS };

export type ReportReason = (typeof REPORT_REASONS)[number];

export const REASON_LABELS: Record<ReportReason, string> = {
  wrong: "Wrong or misleading",
  unclear: "Unclear",
  typo: "Typo or formatting",
  answer_key: "The answer marked right is wrong",
  other: "Something else",
};

export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** What an admin can do from the queue today. */
export const QUEUE_RESOLUTIONS = ["dismissed", "fixed"] as const satisfies readonly ReportResolution[];

/** The admin's note on a resolution. */
export const RESOLUTION_NOTE_MAX = 1000;

export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * What the learner is told came of their report once it was handled (the admin's note stays with
 * the admins): in My reports, beside the lesson or item, and in a notice of it.
 */
export const OUTCOME_TEXT: Record<ReportOutcome, string> = {
  edited: "Fixed: an admin edited it.",
  rewritten: "Fixed: it was rewritten.",
  removed: "Fixed: the question was taken out of the quiz.",
  no_change: "Checked: no change was needed.",
  dismissed: "Reviewed: an admin found nothing wrong.",
};

/** The line beside the lesson or item once the learner's report there was handled. */
export const handledText = (outcome: ReportOutcome | null) => `Thanks for your report. ${outcome ? OUTCOME_TEXT[outcome] : "An admin handled it."}`;
