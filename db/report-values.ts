/*
 * The values of learner reports kept by the database (db/schema.ts enums and the note's length
 * check); lib/authoring/reports/reasons.ts gives them their words (docs/product-rules.md, "Reports").
 */

export const REPORT_REASONS = ["wrong", "unclear", "typo", "answer_key", "other"] as const;

/** Every way a report's group is resolved; the review screen's edit and regeneration use the last two. */
export const REPORT_RESOLUTIONS = ["dismissed", "fixed", "edited", "regenerated"] as const;

/**
 * What came of a resolved report, as its learner (and a notice to them) is told: the lesson or item
 * was edited, rewritten (regenerated) or taken out of the quiz (retired) since the report; an admin
 * checked it and no change was needed; or the report was dismissed.
 */
export const REPORT_OUTCOMES = ["edited", "rewritten", "removed", "no_change", "dismissed"] as const;

/** The learner's free text. */
export const REPORT_NOTE_MAX = 1000;
