import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task subsection, asked again by an admin from the review screen (docs/product-rules.md, "Review
 * and editing"): one published lesson rewritten, with the current text and the admin's instruction.
 * Variables: course_title, course_level, course_outline, section_number, section_title,
 * subsection_title, current_content, instruction.
 */
export const regenerateSubsectionPrompt: PromptTemplate<
  "course_title" | "course_level" | "course_outline" | "section_number" | "section_title" | "subsection_title" | "current_content" | "instruction"
> = {
  variables: ["course_title", "course_level", "course_outline", "section_number", "section_title", "subsection_title", "current_content", "instruction"],
  system: SYSTEM_PROMPT,
  user: `Task: subsection_content.
Write the subsection "{{subsection_title}}" of section {{section_number}}, "{{section_title}}", in the {{course_level}} course "{{course_title}}" again.
A reviewer asked for a new version. Their instruction: {{instruction}}

The whole course, for context (other subsections are written separately: do not repeat what they teach):
{{course_outline}}

The current version, to improve on (keep what is right, follow the instruction):
<<<
{{current_content}}
>>>

Rules for the content (markdown):
- 250 to 500 words: explanation, a concrete example, and a short "Key points" list at the end.
- Every code block is fenced with its language, for example \`\`\`python. No raw HTML.
- Do not repeat the subsection title as a heading.

Answer with JSON: {"content": "..."}`,
};
