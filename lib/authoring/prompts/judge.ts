import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task judge (docs/product-rules.md, "Judge"): a second model reads a published section, its
 * lessons and its quiz items with their keys, and lists what is wrong, each error major (a learner
 * would learn something false or could not answer) or minor (unclear, sloppy, off-level). Most
 * sections have none: the prompt asks for an empty list rather than invented nitpicks.
 * Variables: course_title, course_level, section_title, numbered_lessons, numbered_questions.
 */
export const judgePrompt: PromptTemplate<"course_title" | "course_level" | "section_title" | "numbered_lessons" | "numbered_questions"> = {
  variables: ["course_title", "course_level", "section_title", "numbered_lessons", "numbered_questions"],
  system: SYSTEM_PROMPT,
  user: `Task: section_judgement.
You are reviewing the section "{{section_title}}" of the {{course_level}} course "{{course_title}}"
before learners read it. Check every lesson and every quiz question below for errors:
- major: a false or misleading statement, code that does not run or does not do what the text
  says, a question whose key is wrong or disputable, or with more than one right option;
- minor: an unclear or ambiguous sentence, a hint that gives the answer away, an explanation that
  does not explain, content far above or below the course's level.
Report only real errors, each once, on the lesson or question it is in, with a one-sentence
message an editor can act on (quote the wrong part). If there are none, answer an empty list.

Lessons:
{{numbered_lessons}}

Questions (the key marked KEY):
{{numbered_questions}}

Answer with JSON: {"errors": [{"item": "lesson" or "question", "number": 1, "severity": "major" or "minor", "message": "..."}]}`,
};
