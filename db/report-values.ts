/*
 * The values of learner reports kept by the database (db/schema.ts enums and the note's length
 * check); lib/reports/reasons.ts gives them their words (docs/product-rules.md, "Reports").
 */

export const REPORT_REASONS = ["wrong", "unclear", "typo", "answer_key", "other"] as const;

/** Every way a report's group is resolved; the review screen's edit and regeneration use the last two. */
export const REPORT_RESOLUTIONS = ["dismissed", "fixed", "edited", "regenerated"] as const;

/** The learner's free text. */
export const REPORT_NOTE_MAX = 1000;
