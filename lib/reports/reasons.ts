/*
 * What a learner may say is wrong with a lesson or a quiz item, and how an admin may resolve it
 * (docs/product-rules.md, "Reports"). Shared by the API's schemas, the report dialog and the
 * admin queue; the database enums (db/schema.ts) hold the same values.
 */

import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_RESOLUTIONS } from "../../db/report-values";

export { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_RESOLUTIONS };

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

/** How each resolution reads to the learner who reported it (My reports, their notification). */
export const RESOLUTION_TEXT: Record<ReportResolution, string> = {
  dismissed: "Reviewed: no change was needed",
  fixed: "Fixed",
  edited: "Fixed: an admin edited it",
  regenerated: "Fixed: it was rewritten",
};

/** What the learner sees once their report was handled (the admin's note stays with the admins). */
export const HANDLED_TEXT = "Thanks — an admin reviewed your report.";
