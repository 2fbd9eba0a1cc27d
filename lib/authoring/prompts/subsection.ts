import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task subsection: the markdown of one subsection. Every subsection is its own call, so they run
 * in parallel; each is given the whole outline so that the subsections of a section agree (what
 * came before, what comes next) without seeing each other's text.
 * Variables: course_title, course_level, course_outline (numbered sections and their subsection
 * titles), section_number, section_title, section_summary, subsection_title, learner_profile,
 * source_passages (for a course written from sources, the lesson's numbered passages and the rules
 * for citing them, as a block; "" otherwise, which leaves the prompt as it reads without sources).
 */
export const subsectionPrompt: PromptTemplate<
  "course_title" | "course_level" | "course_outline" | "section_number" | "section_title" | "section_summary" | "subsection_title" | "learner_profile" | "source_passages"
> = {
  variables: ["course_title", "course_level", "course_outline", "section_number", "section_title", "section_summary", "subsection_title", "learner_profile", "source_passages"],
  system: SYSTEM_PROMPT,
  user: `Task: subsection_content.
Write the subsection "{{subsection_title}}" of section {{section_number}}, "{{section_title}}", in the {{course_level}} course "{{course_title}}".
The section teaches: {{section_summary}}

The whole course, for context (other subsections are written separately: do not repeat what they teach):
{{course_outline}}

Learner profile: {{learner_profile}}
{{source_passages}}
Rules for the content (markdown):
- 250 to 500 words: explanation, a concrete example, and a short "Key points" list at the end.
- Every code block is fenced with its language, for example \`\`\`python. No raw HTML.
- Do not repeat the subsection title as a heading.

Answer with JSON: {"content": "..."}`,
};
