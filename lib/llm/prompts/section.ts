import type { PromptTemplate } from "./render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task section: the markdown of each subsection of one section, and the section's question pool.
 * Variables: course_title, course_level, section_number, section_title, section_summary,
 * subsection_count, subsection_list (numbered titles), question_count, learner_profile (or "none").
 */
export const sectionPrompt: PromptTemplate<
  | "course_title"
  | "course_level"
  | "section_number"
  | "section_title"
  | "section_summary"
  | "subsection_count"
  | "subsection_list"
  | "question_count"
  | "learner_profile"
> = {
  variables: [
    "course_title",
    "course_level",
    "section_number",
    "section_title",
    "section_summary",
    "subsection_count",
    "subsection_list",
    "question_count",
    "learner_profile",
  ],
  system: SYSTEM_PROMPT,
  user: `Task: section_content.
Write section {{section_number}}, "{{section_title}}", of the {{course_level}} course "{{course_title}}".
The section teaches: {{section_summary}}

Write exactly {{subsection_count}} subsections, with these titles in this order:
{{subsection_list}}

Learner profile: {{learner_profile}}

Rules for each subsection's content (markdown):
- 250 to 500 words: explanation, a concrete example, and a short "Key points" list.
- Every code block is fenced with its language, for example \`\`\`python. No raw HTML.
- Do not repeat the subsection title as a heading.

Then write exactly {{question_count}} multiple-choice questions on this section:
- Each tests one concept from the section (name it in "concept"); cover every subsection.
- Exactly 4 options, all different; "correct_answer" is copied exactly from the options.
- A "hint" that points to the idea without giving the answer away.
- No two questions ask the same thing.

Answer with JSON: {"subsections": [{"title": "...", "content": "..."}],
"questions": [{"question": "...", "options": ["...", "...", "...", "..."], "correct_answer": "...", "hint": "...", "concept": "..."}]}`,
};
