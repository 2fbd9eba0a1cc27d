import { randomInt } from "node:crypto";
import type { GeneratedQuestion } from "../llm/schemas";

/*
 * Where each question's key sits among its options. Models put the right option first far more
 * often than chance (docs/product-rules.md, "Fresh variants"), so a blind verifier, a reviewer or
 * a learner could lean on position instead of knowledge. A batch's keys go to positions
 * (offset + i) mod 4, offset random: spread evenly and unpredictable, whatever the model wrote.
 * The other options keep the model's order.
 */
export function spreadKeys<Q extends GeneratedQuestion>(questions: Q[], offset: number = randomInt(4)): Q[] {
  return questions.map((q, i) => {
    const others = q.options.filter((o) => o !== q.correct_answer);
    const at = (offset + i) % q.options.length;
    return { ...q, options: [...others.slice(0, at), q.correct_answer, ...others.slice(at)] };
  });
}
