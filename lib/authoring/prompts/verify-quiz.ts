import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task verify: the model answers the generated questions without seeing the key; questions where
 * its answer differs from the key are dropped and regenerated.
 * Variables: course_title, section_title, question_count, numbered_questions (each with its options).
 */
export const verifyQuizPrompt: PromptTemplate<"course_title" | "section_title" | "question_count" | "numbered_questions"> = {
  variables: ["course_title", "section_title", "question_count", "numbered_questions"],
  system: SYSTEM_PROMPT,
  user: `Task: quiz_verification.
You are taking the quiz of the section "{{section_title}}" in the course "{{course_title}}".
Answer each of the {{question_count}} questions below. For each, give its number and copy the one
option you believe is correct exactly as written.

{{numbered_questions}}

Answer with JSON: {"answers": [{"number": 1, "answer": "..."}]}`,
};
