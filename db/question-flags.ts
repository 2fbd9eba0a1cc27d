/*
 * When the Questions panel flags a quiz question for review (lib/operations/admin/question-stats.ts): under
 * HARD_BELOW of its learners right on their first try ('almost_everyone_misses') or over
 * EASY_ABOVE ('almost_nobody_misses'), once at least FLAG_MIN_LEARNERS learners tried it, so one
 * unlucky learner does not flag a question. The generated columns of question_stats are built from
 * these (db/schema.ts); migration 0006 wrote the same numbers as literals, and
 * db/question-flags.test.ts reads the database's expression to check it still uses these values.
 */

export const FLAG_MIN_LEARNERS = 5;
export const HARD_BELOW = 0.2;
export const EASY_ABOVE = 0.95;
