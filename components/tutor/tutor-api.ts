import { ApiError, apiErrorOf, call, endpointRequest, sendRequest, type JsonBody } from "@/client/api";
import { readEventStream } from "@/client/sse";
import type { LessonTutor, TutorConversation } from "@/lib/tutor/responses";
import type { TutorLesson, ExplainRequest } from "./tutor-lesson";

/*
 * The lesson tutor's endpoints as the browser calls them (paths at the API's root, the session
 * cookie, errors as `{detail}`: docs/api.md), with the shapes the server declares.
 */

export type TutorOverview = LessonTutor;
export type Conversation = TutorConversation;
export type TutorMessage = Conversation["messages"][number];
export type Budget = TutorOverview["budget"];
/** The stored outcome of a reply: complete, stopped by the learner, cut before a quiz answer, failed. */
export type ReplyStatus = TutorMessage["status"];

export { TUTOR_MESSAGE_MAX as MESSAGE_MAX } from "@/lib/tutor/limits";
export const EXPLAIN_MESSAGE = "Why is my answer wrong?";

export function loadTutor(lesson: TutorLesson, signal?: AbortSignal): Promise<TutorOverview> {
  const params = { id: lesson.course_id, sectionIndex: lesson.section_index, subsectionIndex: lesson.subsection_index };
  return call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor", { params, fallback: "Could not load the tutor.", signal });
}

export function deleteConversation(id: number): Promise<void> {
  return call("DELETE /tutor/conversations/:id", { params: { id }, fallback: "Could not delete the conversation." });
}

/** What a turn's stream says, decoded (docs: the tutor's POST /tutor/turns). */
export type TurnEvent =
  | { type: "start"; conversationId: number; messageId: number }
  | { type: "token"; text: string }
  | { type: "hint"; text: string }
  | { type: "error"; detail: string }
  | { type: "done"; status: ReplyStatus; messageId: number; tokensLeft: number };

export type TurnRequest = {
  lesson: TutorLesson;
  conversationId: number | null;
  message: string;
  explain?: ExplainRequest;
};

/** An event's data as an object, or null for anything else (an unknown or malformed event is skipped). */
function json(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const STATUSES: readonly string[] = ["complete", "stopped", "guarded", "failed"] satisfies ReplyStatus[];

export function decodeTurnEvent(event: string, data: string): TurnEvent | null {
  const d = json(data);
  if (!d) return null;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  switch (event) {
    case "start": {
      const conversationId = num(d.conversation_id);
      const messageId = num(d.message_id);
      return conversationId !== null && messageId !== null ? { type: "start", conversationId, messageId } : null;
    }
    case "token":
    case "hint": {
      const text = str(d.text);
      return text === null ? null : { type: event, text };
    }
    case "error":
      return { type: "error", detail: str(d.detail) || "The tutor could not finish this reply." };
    case "done": {
      const status = str(d.status);
      const messageId = num(d.message_id);
      const tokensLeft = num(d.tokens_left);
      if (status === null || !STATUSES.includes(status) || messageId === null || tokensLeft === null) return null;
      return { type: "done", status: status as ReplyStatus, messageId, tokensLeft };
    }
    default:
      return null;
  }
}

/**
 * Sends one turn and hands over its stream's events as they arrive. Rejects with an ApiError when
 * the server refuses the turn before streaming (its `detail`), or when the network fails; with the
 * AbortError when `signal` stops it. Resolves when the stream ends.
 */
export async function streamTurn(request: TurnRequest, onEvent: (event: TurnEvent) => void, signal: AbortSignal): Promise<void> {
  const body: JsonBody<"POST /tutor/turns"> = {
    course_id: request.lesson.course_id,
    section_index: request.lesson.section_index,
    subsection_index: request.lesson.subsection_index,
    ...(request.conversationId !== null ? { conversation_id: request.conversationId } : {}),
    message: request.message,
    ...(request.explain ? { question_id: request.explain.question_id, ...(request.explain.answer ? { answer: request.explain.answer } : {}) } : {}),
  };
  const response = await sendRequest(endpointRequest("POST /tutor/turns"), { body: JSON.stringify(body), contentType: "application/json", accept: "text/event-stream", signal });
  if (!response.ok) throw await apiErrorOf(response, "The tutor could not answer.");
  if (!response.body) throw new ApiError("The tutor's answer was empty.", response.status);
  try {
    await readEventStream(response.body, ({ event, data }) => {
      const decoded = decodeTurnEvent(event, data);
      if (decoded) onEvent(decoded);
    });
  } catch (error) {
    if ((error as Error).name === "AbortError" || signal.aborted) throw error;
    throw new ApiError("The connection was lost before the reply finished.", 0);
  }
}
