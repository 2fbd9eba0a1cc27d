import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task outline: sections and subsection titles of one course.
 * Variables: course_title, course_description, course_level, topic_title, section_count,
 * subsections_per_section, learner_profile (or "none"), source_material (for a course written from
 * sources, the excerpt the outline follows as a block with its rule; "" otherwise).
 */
export const courseOutlinePrompt: PromptTemplate<
  "course_title" | "course_description" | "course_level" | "topic_title" | "section_count" | "subsections_per_section" | "learner_profile" | "source_material"
> = {
  variables: ["course_title", "course_description", "course_level", "topic_title", "section_count", "subsections_per_section", "learner_profile", "source_material"],
  system: SYSTEM_PROMPT,
  user: `Task: course_outline.
Plan the course "{{course_title}}" ({{course_level}} level) in the topic "{{topic_title}}".

Course description:
{{course_description}}

Learner profile: {{learner_profile}}
{{source_material}}
Rules:
- Exactly {{section_count}} sections, each building on the previous one.
- Each section has a short title, a one-sentence summary of what it teaches, and exactly
  {{subsections_per_section}} subsection titles in teaching order.
- Titles are specific ("Reading files with open()"), never generic ("Introduction", "Conclusion").

Answer with JSON: {"sections": [{"title": "...", "summary": "...", "subsections": ["...", "..."]}]}`,
};
