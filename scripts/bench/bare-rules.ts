import { randomInt } from "node:crypto";
import { MASTERY_MODEL } from "../../lib/practice/mastery/model";
import { RECENTLY_RIGHT_MS } from "../../lib/practice/review/recently-right";

/*
 * The product rules the bare twins need (docs/product-rules.md), written again by hand for
 * scripts/bench/bare-api-server.ts: reading and unlocking, progress, mastery, which item a review
 * card shows. The twins import none of the app's rule functions (that would make them the app
 * again); only constants that define the product (the mastery model's parameters, the recent-right
 * window). That both sides agree is what the bench's JSON check shows before any load
 * (docs/performance.md, "Honest twins").
 */

/** Subsection counts per section, in order. */
export type Shape = readonly number[];

const totalSubsections = (shape: Shape) => shape.reduce((sum, n) => sum + n, 0);
const totalUnits = (shape: Shape) => totalSubsections(shape) + shape.length;
const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** A course's duration in hours, to the half hour, at least half an hour once anything is written. */
export const hoursOf = (minutes: number) => (minutes <= 0 ? 0 : Math.max(0.5, Math.round(minutes / 30) / 2));

/** Units before a subsection: each earlier section's subsections and its quiz. */
export function unitOf(shape: Shape, section: number, subsection: number): number {
  let unit = 0;
  for (let s = 0; s < section; s++) unit += (shape[s] ?? 0) + 1;
  return unit + subsection;
}

export const positionExists = (shape: Shape, section: number, subsection: number) =>
  Number.isInteger(section) && Number.isInteger(subsection) && section >= 0 && section < shape.length && subsection >= 0 && subsection < (shape[section] ?? 0);

/** Whether the learner may read a subsection (`ahead`: the one more step Next may take). */
export function mayRead(shape: Shape, section: number, subsection: number, progress: number, furthestUnit: number, passed: ReadonlySet<number>, ahead = 0): boolean {
  if (!positionExists(shape, section, subsection)) return false;
  for (let s = 0; s < section; s++) if (!passed.has(s)) return false;
  if (section === 0 && subsection === 0) return true;
  let reach = Math.max(furthestUnit, Math.floor((clampPercent(progress) * totalUnits(shape)) / 100));
  for (let s = 0; s + 1 < shape.length && passed.has(s); s++) reach = Math.max(reach, unitOf(shape, s + 1, 0));
  return unitOf(shape, section, subsection) <= reach + ahead;
}

/** The subsection one Next opens, or null when a quiz stands before it (or the course is read). */
export function nextToOpen(shape: Shape, progress: number, furthestUnit: number, passed: ReadonlySet<number>): [number, number] | null {
  for (let s = 0; s < shape.length; s++) {
    for (let ss = 0; ss < (shape[s] ?? 0); ss++) {
      if (mayRead(shape, s, ss, progress, furthestUnit, passed)) continue;
      return mayRead(shape, s, ss, progress, furthestUnit, passed, 1) ? [s, ss] : null;
    }
  }
  return null;
}

/** The most progress reading up to `furthestUnit` and passing `quizzesPassed` quizzes has earned. */
export function progressEarned(shape: Shape, furthestUnit: number, quizzesPassed: number): number {
  if (shape.length > 0 && quizzesPassed >= shape.length) return 100;
  const subsections = totalSubsections(shape);
  const units = totalUnits(shape);
  let steps = 0;
  shape.forEach((count, s) => {
    for (let ss = 1; ss < count; ss++) if (unitOf(shape, s, ss) <= furthestUnit) steps++;
  });
  return clampPercent(steps * (subsections ? Math.round(90 / subsections) : 0) + quizzesPassed * (units ? Math.round(100 / units) : 0));
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Mastery 0..1 of a rating; as the API rounds it. */
export const masteryFromRating = (rating: number) => sigmoid(rating);
export const threeDecimals = (value: number) => Math.round(value * 1000) / 1000;

export type Level = "new" | "struggling" | "learning" | "mastered";

export function levelFor(mastery: number, answers: number, lastCorrect: boolean): Level {
  if (answers === 0) return "new";
  if (!lastCorrect) return "struggling";
  return mastery >= MASTERY_MODEL.masteredFrom ? "mastered" : "learning";
}

/** The Elo step after one more answer against an item of this difficulty. */
export function ratingAfter(rating: number, answersBefore: number, difficulty: number, correct: boolean): number {
  const k = MASTERY_MODEL.k / (1 + MASTERY_MODEL.decay * answersBefore);
  return rating + k * ((correct ? 1 : 0) - sigmoid(rating - difficulty));
}

/** An item's difficulty from every learner's first answers (a smoothed logit of the miss rate). */
export function itemDifficulty(firstAnswers: number, firstMisses: number): number {
  const prior = MASTERY_MODEL.priorAnswers;
  return Math.log((firstMisses + prior) / (firstAnswers - firstMisses + prior));
}

/** Questions naming one concept in any case or spacing share its key. */
export const keyOfConcept = (concept: string) => concept.trim().replace(/\s+/g, " ").toLowerCase();

export const sinceRecentlyRight = (now: Date) => new Date(now.getTime() - RECENTLY_RIGHT_MS);

/**
 * The item a review card shows: the other seen items of its concept in id order, then its own
 * question, stepped on by its reps; passing over items answered right within the hour, then those
 * shown earlier in the session, while another is left.
 */
export function itemToShow(questionId: number, reps: number, seen: number[], taken: ReadonlySet<number>, rightRecently: ReadonlySet<number>): number {
  const rotation = [...[...new Set(seen)].filter((id) => id !== questionId).sort((a, b) => a - b), questionId];
  const start = (((reps - 1) % rotation.length) + rotation.length) % rotation.length;
  const order = rotation.map((_, step) => rotation[(start + step) % rotation.length]!);
  return (
    order.find((id) => !rightRecently.has(id) && !taken.has(id)) ?? order.find((id) => !rightRecently.has(id)) ?? order.find((id) => !taken.has(id)) ?? rotation[start]!
  );
}

/** Options in a fresh random order. */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
