import { createEmptyCard, fsrs, Rating, type Card, type FSRSParameters, type StepUnit } from "ts-fsrs";

/*
 * Spaced review with FSRS through ts-fsrs (never a hand-written scheduler). Each question a
 * learner has answered is one card; each answer is one FSRS review rated Good (right) or Again
 * (wrong). Parameters: FSRS's default weights, 90 % target retention, at most a year between
 * reviews, one 10-minute (re)learning step, no fuzz (so schedules are reproducible in tests
 * and in the "next review" the learner is told). What this gives:
 *   first answer right   -> due in 2 days (graduates after the one learning step)
 *   first answer wrong   -> relearning; due at once when the miss was in a quiz (see below)
 *   a review right after a miss -> due in 1 day, then 3, 7, ... days as stability grows
 *   a review wrong       -> due again in 10 minutes (the relearning step)
 * The one rule on top of ts-fsrs: a question missed in a section quiz is due at once instead
 * of after the 10-minute step, so the review session can bring it back right after the quiz.
 */

export const SCHEDULER_PARAMETERS: Partial<FSRSParameters> = {
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ["10m"] as StepUnit[],
  relearning_steps: ["10m"] as StepUnit[],
};

const scheduler = fsrs(SCHEDULER_PARAMETERS);

/** A card as stored (review_cards), without its ids. */
export type CardState = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
};

const toFsrs = (c: CardState): Card => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsedDays,
  scheduled_days: c.scheduledDays,
  learning_steps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  last_review: c.lastReview ?? undefined,
});

const fromFsrs = (c: Card): CardState => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsed_days,
  scheduledDays: c.scheduled_days,
  learningSteps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.last_review ?? null,
});

/**
 * The card after one answer at `now`: `card` null for a question answered the first time.
 * `source` "quiz" makes a miss due at once (see above).
 */
export function scheduleAnswer(card: CardState | null, correct: boolean, now: Date, source: "quiz" | "review"): CardState {
  const before = card ? toFsrs(card) : createEmptyCard(now);
  const after = fromFsrs(scheduler.next(before, now, correct ? Rating.Good : Rating.Again).card);
  return !correct && source === "quiz" ? { ...after, due: now } : after;
}
