import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { conceptKey } from "../../practice";
import { checkQuestions, type RejectedQuestion } from "./checks";

/*
 * What a call for fresh variants may add (docs/product-rules.md, "Fresh variants"): each variant
 * passes the content checks every written question passes (lib/authoring/generation/checks.ts: 4 distinct
 * options, the key among them, no key given away, no repeat of the section's items or of another
 * variant), names one of the concepts asked for, and at most `perConcept` come per concept (a
 * model that writes too many does not grow one concept's share). Pure: the caller verifies the
 * survivors blind and saves them.
 */

/** A concept whose items a learner has used up, as a variant call sees it. */
export type ConceptToVary = {
  key: string;
  /** The concept's text as its items carry it: variants are stored under it, so their key matches. */
  concept: string;
  /** The subsection that teaches it (its items'). */
  subsectionIndex: number | null;
};

export type SortedVariant = GeneratedQuestion & { target: ConceptToVary };

export function sortVariants(
  variants: GeneratedQuestion[],
  concepts: ConceptToVary[],
  existing: Pick<GeneratedQuestion, "question">[],
  perConcept: number,
): { accepted: SortedVariant[]; rejected: RejectedQuestion[] } {
  const { valid, rejected } = checkQuestions(variants, existing);
  const accepted: SortedVariant[] = [];
  const taken = new Map<string, number>();
  for (const variant of valid) {
    const target = concepts.find((c) => c.key === conceptKey(variant.concept));
    if (!target) {
      rejected.push({ question: variant.question, reason: `it names a concept that was not asked for ("${variant.concept}")` });
      continue;
    }
    const count = taken.get(target.key) ?? 0;
    if (count >= perConcept) {
      rejected.push({ question: variant.question, reason: "more variants of its concept than were asked for" });
      continue;
    }
    taken.set(target.key, count + 1);
    accepted.push({ ...variant, concept: target.concept, target });
  }
  return { accepted, rejected };
}
