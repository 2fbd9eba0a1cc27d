import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task topic-courses: propose the courses of a new topic.
 * Variables: topic_title, topic_description, course_count (3-5), existing_courses (titles to avoid
 * or "none"), learner_profile (what is known about the learner, or "none"), source_material (for a
 * topic with sources, the excerpt the courses follow as a block with its rule; "" otherwise, which
 * leaves the prompt as it reads without sources).
 */
export const topicCoursesPrompt: PromptTemplate<
  "topic_title" | "topic_description" | "course_count" | "existing_courses" | "learner_profile" | "source_material"
> = {
  variables: ["topic_title", "topic_description", "course_count", "existing_courses", "learner_profile", "source_material"],
  system: SYSTEM_PROMPT,
  user: `Task: topic_courses.
Propose exactly {{course_count}} courses for the topic "{{topic_title}}".

Topic description:
{{topic_description}}

Courses the topic already has (do not repeat them): {{existing_courses}}
Learner profile: {{learner_profile}}
{{source_material}}
Rules:
- Cover the levels in order: at least one Beginner, one Intermediate and one Advanced course.
- Each course has a distinct, specific title (at most 80 characters) and a two or three sentence
  description of what the learner will be able to do afterwards.
- level is one of Beginner, Intermediate, Advanced.

Answer with JSON: {"courses": [{"title": "...", "description": "...", "level": "Beginner"}]}`,
};
