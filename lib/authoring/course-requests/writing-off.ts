import "server-only";
import { describeModelSetup } from "../../platform/llm/client";

/** What a learner is told when the server has no model: the request is refused, and nothing says a course is being written. */
export const COURSE_WRITING_OFF = "Course writing is turned off here; ask your admin.";

/** Whether this server can write courses at all (a model is configured). */
export function courseWritingOn(): boolean {
  return describeModelSetup().model_configured;
}
