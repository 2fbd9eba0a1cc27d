import { streamSSE } from "hono/streaming";
import { getDb } from "@/db/client";
import { AppError } from "@/lib/platform/http/app-error";
import { deleteConversation } from "@/lib/tutor/conversations";
import { getLessonTutor } from "@/lib/tutor/lesson-tutor";
import { prepareTurn, runTurn } from "@/lib/tutor/turn";
import { tutorUsageByDay } from "@/lib/tutor/usage-report";
import { idPath, lessonPath } from "@/lib/platform/schemas/params";
import { lessonTutor, tutorEvent, tutorUsageDay } from "@/lib/tutor/responses";
import { tutorTurnSchema } from "@/lib/tutor/schemas";
import { z } from "@/lib/platform/schemas/zod";
import { endpoint } from "../endpoint";

/* The lesson tutor (docs/tutor.md): a lesson's conversations, a turn streamed as server-sent events, deleting a conversation. */

export const getLessonTutorEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor",
    access: "signed-in",
    tag: "Learning",
    summary: "The tutor of a lesson",
    description: "Whether the tutor is on, the caller's tutor budget for today, suggested first questions, and the caller's conversations about this lesson (newest first).",
    params: lessonPath,
    responses: { 200: { description: "The lesson's tutor.", schema: lessonTutor } },
    errors: { 404: "No such course or lesson (or someone else's personal course).", 409: "Not enrolled, or the lesson is not open to the caller yet." },
  },
  async (c) => {
    const { id, sectionIndex, subsectionIndex } = c.req.valid("param");
    return c.json(await getLessonTutor(getDb(), c.var.caller.id, { courseId: id, sectionIndex, subsectionIndex }, new Date()));
  },
);

export const tutorTurnEndpoint = endpoint(
  {
    method: "POST",
    path: "/tutor/turns",
    access: "signed-in",
    tag: "Learning",
    summary: "Ask the tutor",
    description:
      "Sends the caller's message about a lesson (in one of their conversations on it, or a new one) and streams the tutor's reply as server-sent events: `start`, then `token`s, a `hint` if the reply was cut before it stated the answer to one of the caller's open quiz items, an `error` if the model stopped answering (or, after a database outage of more than a minute, the reply could not be saved: then no `done`), and `done`. Closing the connection stops the reply; what was shown is kept. A failed reply does not count toward the caller's day. With `question_id`, the tutor explains why the caller's pick on a missed item (its answer already shown to them) is wrong.",
    body: { json: tutorTurnSchema },
    responses: { 200: { description: "The reply, as server-sent events.", events: tutorEvent } },
    errors: {
      404: "No such course, lesson or conversation of the caller's.",
      409: "The tutor is off (no model configured), the caller is not enrolled, or the lesson is not open to them yet.",
      422: "An empty or too long message, a conversation about another lesson, an `answer` without `question_id`, or a `question_id` whose answer the caller has not been shown.",
      429: "Too many turns, 2 of the caller's replies already under way, or the caller's (or the server's) tutor budget for today does not fit another reply; Retry-After says when to try again.",
    },
  },
  async (c) => {
    const body = c.req.valid("json");
    if (body.answer !== undefined && body.question_id === undefined) throw new AppError("invalid", "answer goes with question_id: the item whose answer is explained.");
    const turn = await prepareTurn(
      getDb(),
      c.var.caller.id,
      {
        courseId: body.course_id,
        sectionIndex: body.section_index,
        subsectionIndex: body.subsection_index,
        conversationId: body.conversation_id ?? null,
        message: body.message,
        explain: body.question_id === undefined ? undefined : { questionId: body.question_id, answer: body.answer },
      },
      new Date(),
    );
    const signal = c.req.raw.signal;
    return streamSSE(c, async (stream) => {
      // The reply is stored whatever happens to the connection: a learner who has gone stops
      // receiving, and the turn still ends (the model call is cut by the request's signal).
      let open = true;
      for await (const { event, data } of runTurn(getDb(), turn, signal)) {
        if (!open) continue;
        try {
          await stream.writeSSE({ event, data: JSON.stringify(data) });
        } catch {
          open = false;
        }
      }
    });
  },
);

export const deleteTutorConversationEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/tutor/conversations/:id",
    access: "signed-in",
    tag: "Learning",
    summary: "Delete a tutor conversation",
    description: "Deletes one of the caller's tutor conversations with all its messages.",
    params: idPath,
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such conversation of the caller's." },
  },
  async (c) => {
    await deleteConversation(getDb(), c.var.caller.id, c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export const tutorUsageEndpoint = endpoint(
  {
    method: "GET",
    path: "/admin/tutor/usage",
    access: "admin",
    tag: "Admin",
    summary: "The tutor's use per day",
    description: "Per UTC day of the last two weeks (newest first, days without use left out): tutor turns, learners, tokens and estimated cost. Never what was asked or answered.",
    responses: { 200: { description: "Usage per day.", schema: z.array(tutorUsageDay) } },
  },
  async (c) => c.json(await tutorUsageByDay(getDb(), new Date())),
);
