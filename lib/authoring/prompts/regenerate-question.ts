import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task replace-questions, asked by an admin from the review screen (docs/product-rules.md, "Review
 * and editing"): one quiz item written again on the same concept, with the admin's instruction.
 * Variables: course_title, section_title, lesson_title, lesson_digest, concept, current_question,
 * existing_questions, instruction.
 */
export const regenerateQuestionPrompt: PromptTemplate<
  "course_title" | "section_title" | "lesson_title" | "lesson_digest" | "concept" | "current_question" | "existing_questions" | "instruction"
> = {
  variables: ["course_title", "section_title", "lesson_title", "lesson_digest", "concept", "current_question", "existing_questions", "instruction"],
  system: SYSTEM_PROMPT,
  user: `Task: replacement_questions.
Write exactly 1 new multiple-choice question for the section "{{section_title}}"
of the course "{{course_title}}", to replace the question below. It tests the same concept: {{concept}}.
A reviewer asked for a new version. Their instruction: {{instruction}}

The question to replace:
{{current_question}}

What the lesson "{{lesson_title}}" teaches:
{{lesson_digest}}

Questions already in the quiz (do not repeat them):
{{existing_questions}}

Rules: exactly 4 different options; "correct_answer" copied exactly from the options and
unambiguously right; a "hint" that does not give the answer away; the "concept" it tests (2 to
6 words); an "explanation" of one or two sentences on why the right answer is right.

Answer with JSON: {"questions": [{"question": "...", "options": ["...", "...", "...", "..."], "correct_answer": "...", "hint": "...", "concept": "...", "explanation": "..."}]}`,
};
