import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task questions: a batch of a section's quiz questions on one of its subsections, written once
 * that subsection exists and grounded in it (its opening and key points, which keeps the prompt
 * short). The batches of a section together make its question pool.
 * Variables: course_title, section_title, subsection_title, lesson_digest, question_count,
 * existing_questions (already in this section's pool, or "none"), learner_profile, source_passages
 * (for a course written from sources, the lesson's numbered passages and the rule to name the one
 * supporting each key, as a block; "" otherwise).
 */
export const questionsPrompt: PromptTemplate<
  "course_title" | "section_title" | "subsection_title" | "lesson_digest" | "question_count" | "existing_questions" | "learner_profile" | "source_passages"
> = {
  variables: ["course_title", "section_title", "subsection_title", "lesson_digest", "question_count", "existing_questions", "learner_profile", "source_passages"],
  system: SYSTEM_PROMPT,
  user: `Task: quiz_questions.
Write exactly {{question_count}} multiple-choice questions on the lesson "{{subsection_title}}" (section "{{section_title}}" of the course "{{course_title}}").

What the lesson says:
{{lesson_digest}}

Questions the section's quiz already has (do not repeat them): {{existing_questions}}
Learner profile: {{learner_profile}}
{{source_passages}}
Rules:
- Each tests one concept the lesson teaches (name it in "concept"); no two ask the same thing.
- Exactly 4 options, all different; "correct_answer" is copied exactly from the options.
- A "hint" that points to the idea without giving the answer away.
- A "concept": the idea tested, in 2 to 6 words (for example "floor division"), the same words for the same idea.
- An "explanation": one or two sentences on why the right answer is right, shown after the learner answers.

Answer with JSON: {"questions": [{"question": "...", "options": ["...", "...", "...", "..."], "correct_answer": "...", "hint": "...", "concept": "...", "explanation": "..."}]}`,
};
