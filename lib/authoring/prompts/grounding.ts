import type { PromptTemplate } from "../../platform/llm/render";
import { SYSTEM_PROMPT } from "./shared";

/**
 * Task grounding: after a lesson is written from sources, list its statements that the passages
 * it cites do not support (docs/sources.md, "The grounding check"). Each becomes a flag an admin
 * reviews; none is the expected answer.
 * Variables: lesson (its markdown, citations [n] inline), cited_passages (each "[n] text").
 */
export const groundingPrompt: PromptTemplate<"lesson" | "cited_passages"> = {
  variables: ["lesson", "cited_passages"],
  system: SYSTEM_PROMPT,
  user: `Task: grounding_check.
You check a lesson against the passages it cites. A statement is supported when a cited passage
says it (in other words counts; a worked example that only applies what a passage says counts).

The lesson:
<<<LESSON
{{lesson}}
LESSON>>>

The passages it cites:
<<<PASSAGES
{{cited_passages}}
PASSAGES>>>

List every factual statement of the lesson that no cited passage supports, copied exactly as
the lesson writes it (one sentence each). List nothing when every statement is supported.

Answer with JSON: {"unsupported": ["..."]}`,
};
