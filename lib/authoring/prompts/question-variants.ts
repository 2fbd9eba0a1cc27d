import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task question-variants: fresh items for concepts whose pool a learner has used up
 * (docs/product-rules.md, "Fresh variants"), several concepts in one call. Each concept comes with
 * its items already in the quiz, as examples to match in difficulty and not to repeat, and the
 * lessons that teach them.
 * Variables: course_title, section_title, variants_per_concept, variant_count (in all),
 * concepts (each concept's name, lesson and example items), lessons (what those lessons say).
 */
export const questionVariantsPrompt: PromptTemplate<"course_title" | "section_title" | "variants_per_concept" | "variant_count" | "concepts" | "lessons"> = {
  variables: ["course_title", "section_title", "variants_per_concept", "variant_count", "concepts", "lessons"],
  system: SYSTEM_PROMPT,
  user: `Task: question_variants.
Write fresh variants of the quiz of the section "{{section_title}}" in the course "{{course_title}}":
{{variants_per_concept}} new multiple-choice questions for each concept below, {{variant_count}} in all.

{{concepts}}

What the lessons say:
{{lessons}}

Rules:
- A variant tests the same concept at the same difficulty as its examples, with a different
  surface: other numbers, other code, another scenario. It never repeats or rephrases an example.
- The question never contains its own answer.
- Exactly 4 different options; "correct_answer" copied exactly from the options and unambiguously right.
- "concept": the concept's name copied exactly as written above.
- A "hint" that points to the idea without giving the answer away, and an "explanation" of one
  or two sentences on why the right answer is right.

Answer with JSON: {"variants": [{"concept": "...", "question": "...", "options": ["...", "...", "...", "..."], "correct_answer": "...", "hint": "...", "explanation": "..."}]}`,
};
