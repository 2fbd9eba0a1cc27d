import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task replace-questions: new questions to replace ones that failed the checks or the verification.
 * Variables: course_title, section_title, section_summary, question_count, existing_questions
 * (the questions to keep, not to repeat), rejected (why the replaced ones failed), learner_profile,
 * source_passages (as for the questions task; "" without sources).
 */
export const replaceQuestionsPrompt: PromptTemplate<
  "course_title" | "section_title" | "section_summary" | "question_count" | "existing_questions" | "rejected" | "learner_profile" | "source_passages"
> = {
  variables: ["course_title", "section_title", "section_summary", "question_count", "existing_questions", "rejected", "learner_profile", "source_passages"],
  system: SYSTEM_PROMPT,
  user: `Task: replacement_questions.
Write exactly {{question_count}} new multiple-choice questions for the section "{{section_title}}"
of the course "{{course_title}}". The section teaches: {{section_summary}}

Questions already in the quiz (do not repeat them):
{{existing_questions}}

Questions were rejected for these reasons (avoid them): {{rejected}}
Learner profile: {{learner_profile}}
{{source_passages}}
Rules: exactly 4 different options; "correct_answer" copied exactly from the options and
unambiguously right; a "hint" that does not give the answer away; the "concept" it tests (2 to
6 words); an "explanation" of one or two sentences on why the right answer is right.

Answer with JSON: {"questions": [{"question": "...", "options": ["...", "...", "...", "..."], "correct_answer": "...", "hint": "...", "concept": "...", "explanation": "..."}]}`,
};
