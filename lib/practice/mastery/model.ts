/*
 * Mastery per concept: an Elo-style rating of the learner against question difficulty, the
 * model of Pelánek, "Applications of the Elo rating system in adaptive educational systems"
 * (Computers & Education 98, 2016), as used by adaptive practice systems such as Math Garden
 * and Umíme. Both sit on the logit scale of the Rasch model:
 *
 *   P(correct) = 1 / (1 + e^-(rating - difficulty))
 *   rating'    = rating + K(n) * (outcome - P(correct))      outcome 1 right, 0 wrong
 *   K(n)       = K / (1 + DECAY * n)                         n: answers on this concept so far
 *
 * K(n) is Pelánek's uncertainty function: early answers move the estimate a lot, later ones
 * less. Question difficulty comes from every learner's first answer to the question (a first
 * answer is the one not yet taught by the remediation): the empirical logit of its miss rate,
 * smoothed by one imagined right and one imagined wrong answer (a Beta(1, 1) prior), so a new
 * question is of average difficulty (0) and one learner's miss does not make it "hard".
 *
 * Mastery (0..1) is P(correct) on a question of average difficulty: sigmoid(rating). A new
 * concept's rating is 0 (mastery 0.5 in the model, shown as "new"). Levels, in words a learner
 * can check against what they did (docs/product-rules.md, "Mastery and spaced review"):
 *   new         no answer yet
 *   struggling  the latest answer was wrong ("needs another look")
 *   mastered    the latest answer was right and mastery >= 0.7 (two right answers in a row on
 *               average questions)
 *   learning    the latest answer was right, mastery below that
 * So a concept answered right on its latest item is never "needs another look", and one right
 * answer (a passed quiz) is "learning", not yet "mastered".
 */

export const MASTERY_MODEL = {
  initialRating: 0,
  k: 1.2,
  decay: 0.05,
  /** Imagined right and wrong first answers added to every question's count (Beta prior). */
  priorAnswers: 1,
  masteredFrom: 0.7,
} as const;

export const MASTERY_LEVELS = ["new", "struggling", "learning", "mastered"] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Difficulty (logit) of a question from all learners' first answers to it. */
export function questionDifficulty(firstAnswers: number, firstMisses: number): number {
  const prior = MASTERY_MODEL.priorAnswers;
  return Math.log((firstMisses + prior) / (firstAnswers - firstMisses + prior));
}

/** The chance the model gives a learner of this rating to answer a question of this difficulty. */
export function expectedCorrect(rating: number, difficulty: number): number {
  return sigmoid(rating - difficulty);
}

/** The rating after one more answer; `answers` is how many answers the concept had before it. */
export function nextRating(rating: number, answers: number, difficulty: number, correct: boolean): number {
  const k = MASTERY_MODEL.k / (1 + MASTERY_MODEL.decay * answers);
  return rating + k * ((correct ? 1 : 0) - expectedCorrect(rating, difficulty));
}

/** Mastery 0..1: the chance of a right answer on a question of average difficulty. */
export function masteryOf(rating: number): number {
  return sigmoid(rating);
}

export function levelOf(mastery: number, answers: number, lastCorrect: boolean): MasteryLevel {
  if (answers === 0) return "new";
  if (!lastCorrect) return "struggling";
  if (mastery >= MASTERY_MODEL.masteredFrom) return "mastered";
  return "learning";
}

/** The level of a stored concept row: its rating, answers and latest answer. */
export function levelOfRow(row: { rating: number; answers: number; lastCorrect: boolean }): MasteryLevel {
  return levelOf(masteryOf(row.rating), row.answers, row.lastCorrect);
}

/** Mastery as the API reports it: three decimals. */
export const roundMastery = (mastery: number) => Math.round(mastery * 1000) / 1000;

/** The key one concept is stored under: questions naming it in any case or spacing share it. */
export const conceptKey = (concept: string) => concept.trim().replace(/\s+/g, " ").toLowerCase();
