import { randomInt } from "node:crypto";
import type { GeneratedQuestion } from "../../platform/llm/tasks";

/*
 * Where each question's key sits among its options (docs/architecture.md, "Model habits"). Models
 * put the right option first far more often than chance, so a blind verifier, a reviewer or a
 * learner could lean on position instead of knowledge. Two arrangements, the other options always
 * in the model's order:
 * - spreadKeys, for the verification pass: a batch's keys at (offset + i) mod 4, offset random;
 * - balanceKeys, when questions are saved: each key at the position its course has used least so
 *   far (ties drawn at random), so the keys stay balanced over the whole course, whatever the model
 *   or the verifier's order did.
 */
export function spreadKeys<Q extends GeneratedQuestion>(questions: Q[], offset: number = randomInt(4)): Q[] {
  return questions.map((q, i) => placeKey(q, (offset + i) % q.options.length));
}

function placeKey<Q extends GeneratedQuestion>(q: Q, at: number): Q {
  const others = q.options.filter((o) => o !== q.correct_answer);
  return { ...q, options: [...others.slice(0, at), q.correct_answer, ...others.slice(at)] };
}

/**
 * Arranges `questions` so each key goes to the least-used position, counting `countsSoFar` (keys
 * per position among the course's saved questions). Returns the arranged questions and the counts
 * after them.
 */
export function balanceKeys<Q extends GeneratedQuestion>(questions: Q[], countsSoFar: readonly number[]): { questions: Q[]; counts: number[] } {
  const counts = [...countsSoFar];
  const arranged = questions.map((q) => {
    while (counts.length < q.options.length) counts.push(0);
    const used = counts.slice(0, q.options.length);
    const least = Math.min(...used);
    const candidates = used.flatMap((n, i) => (n === least ? [i] : []));
    const at = candidates[randomInt(candidates.length)]!;
    counts[at]!++;
    return placeKey(q, at);
  });
  return { questions: arranged, counts };
}
