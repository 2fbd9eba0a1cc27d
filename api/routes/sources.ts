import { getDb } from "@/db/client";
import { z } from "zod";
import { getEnv } from "@/lib/platform/env";
import { apiRange } from "@/lib/platform/pagination";
import { listCourseSources, listLessonCitations } from "@/lib/authoring/sources/course-sources";
import { whileUploading } from "@/lib/authoring/sources/allowance";
import { addSource, assertTopicExists, deleteSource, getSource, listOwnSources, listPassages, listTopicSources } from "@/lib/authoring/sources/sources";
import { idPath, lessonPath } from "@/lib/platform/schemas/params";
import { citationView, courseSourceView, passageView, sourceView } from "@/lib/authoring/sources/responses";
import { passagePageQuery, sourceUploadQuery } from "@/lib/authoring/sources/schemas";
import { endpoint } from "../endpoint";
import { readFileBody } from "../http/body";
import { sliceJson } from "../http/slice";

/*
 * Sources (docs/sources.md): files a course is written from. An admin attaches them to a topic; a
 * learner may keep a few of their own (SOURCE_MAX_PER_LEARNER) for the courses they ask for. An
 * upload is the file's raw bytes; the caller, the topic, the learner's allowance and the caller's
 * uploads at once (lib/authoring/sources/allowance.ts) are checked before a byte of it is read, and it is
 * cut off at SOURCE_MAX_BYTES. The text is extracted by the
 * worker afterwards: the answer is the source, queued, and its status shows the progress.
 */

const maxBytes = () => getEnv().SOURCE_MAX_BYTES;

const UPLOAD = {
  maxBytes,
  description: "The file's bytes as they are (PDF, Word .docx, Markdown or plain text; the type is read from the bytes, never from the name). At most SOURCE_MAX_BYTES (20 MB unless the server says otherwise).",
} as const;

const BUSY = "The caller already has SOURCE_MAX_UPLOADS_IN_FLIGHT uploads under way (refused before the body is read).";

const REFUSED_FILE = "The file is empty, of a type this app cannot read (the message says what it is), or file_name is missing or invalid.";

export const addTopicSourceEndpoint = endpoint(
  {
    method: "POST",
    path: "/topics/:id/sources",
    access: "admin",
    tag: "Generation",
    summary: "Add a source to a topic",
    description: "Stores the file and queues its extraction; the answer is the new source (status `queued`). Poll `GET /sources/{id}` for its progress.",
    params: idPath,
    query: sourceUploadQuery,
    body: { file: UPLOAD },
    responses: { 201: { description: "The source, queued for extraction.", schema: sourceView } },
    errors: { 404: "No such topic.", 409: "This file (the same bytes) is already among the topic's sources.", 422: REFUSED_FILE, 429: BUSY },
  },
  async (c) => {
    const topicId = c.req.valid("param").id;
    await assertTopicExists(getDb(), topicId);
    const source = await whileUploading(getDb(), c.var.caller.id, { own: false }, async (uploadSlot) => {
      const bytes = await readFileBody(c.req.raw, maxBytes());
      return addSource(getDb(), { topicId, fileName: c.req.valid("query").file_name, bytes, createdBy: c.var.caller.id, uploadSlot });
    });
    return c.json(source, 201);
  },
);

export const listTopicSourcesEndpoint = endpoint(
  {
    method: "GET",
    path: "/topics/:id/sources",
    access: "admin",
    tag: "Generation",
    summary: "A topic's sources",
    description: "Every source of the topic, newest first, with its status and progress (pages done of the total).",
    params: idPath,
    responses: { 200: { description: "The topic's sources.", schema: z.array(sourceView) } },
    errors: { 404: "No such topic." },
  },
  async (c) => {
    const topicId = c.req.valid("param").id;
    await assertTopicExists(getDb(), topicId);
    return c.json(await listTopicSources(getDb(), topicId));
  },
);

export const addOwnSourceEndpoint = endpoint(
  {
    method: "POST",
    path: "/users/me/sources",
    access: "signed-in",
    tag: "Generation",
    summary: "Add a source of one's own",
    description: "Stores a file of the caller's own (for a personal course they ask for) and queues its extraction. Only the caller and admins ever see it.",
    query: sourceUploadQuery,
    body: { file: UPLOAD },
    responses: { 201: { description: "The source, queued for extraction.", schema: sourceView } },
    errors: { 409: "The caller's sources, kept and still being uploaded, already fill their allowance (SOURCE_MAX_PER_LEARNER), or this file is already one of them.", 422: REFUSED_FILE, 429: BUSY },
  },
  async (c) => {
    const userId = c.var.caller.id;
    const source = await whileUploading(getDb(), userId, { own: true }, async (uploadSlot) => {
      const bytes = await readFileBody(c.req.raw, maxBytes());
      return addSource(getDb(), { ownerId: userId, fileName: c.req.valid("query").file_name, bytes, createdBy: userId, uploadSlot });
    });
    return c.json(source, 201);
  },
);

export const listOwnSourcesEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/me/sources",
    access: "signed-in",
    tag: "Generation",
    summary: "The caller's own sources",
    description: "The caller's own sources, newest first, with their status and progress.",
    responses: { 200: { description: "The caller's sources.", schema: z.array(sourceView) } },
  },
  async (c) => c.json(await listOwnSources(getDb(), c.var.caller.id)),
);

export const getSourceEndpoint = endpoint(
  {
    method: "GET",
    path: "/sources/:id",
    access: "signed-in",
    tag: "Generation",
    summary: "A source",
    description: "One source with its status, progress and, once it failed, why. A learner sees only their own.",
    params: idPath,
    responses: { 200: { description: "The source.", schema: sourceView } },
    errors: { 404: "No such source the caller may see." },
  },
  async (c) => c.json(await getSource(getDb(), c.var.caller, c.req.valid("param").id)),
);

export const listPassagesEndpoint = endpoint(
  {
    method: "GET",
    path: "/sources/:id/passages",
    access: "signed-in",
    tag: "Generation",
    summary: "A source's passages",
    description: "The extracted text in reading order, one passage (about 120-250 words) at a time with its page and heading; none until the source is ready. Plain text: never render it as HTML.",
    params: idPath,
    query: passagePageQuery,
    responses: { 200: { description: "One page of passages.", schema: z.array(passageView), totalCount: true } },
    errors: { 404: "No such source the caller may see." },
  },
  async (c) => sliceJson(c, await listPassages(getDb(), c.var.caller, c.req.valid("param").id, apiRange(c.req.valid("query")))),
);

export const deleteSourceEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/sources/:id",
    access: "signed-in",
    tag: "Generation",
    summary: "Delete a source",
    description: "Deletes the source with its file and passages. A learner may delete their own; an admin any.",
    params: idPath,
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such source the caller may see." },
  },
  async (c) => {
    await deleteSource(getDb(), c.var.caller, c.req.valid("param").id);
    return c.body(null, 204);
  },
);

// What learners see (docs/sources.md, "What learners see"): exactly who may see the course may see these.
const COURSE_HIDDEN = "No such course (or someone else's personal course).";

export const listCourseSourcesEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/sources",
    access: "signed-in",
    tag: "Learning",
    summary: "The sources a course was written from",
    description: "Each source's file name, type and pages; an empty list for a course written without sources. File names are text: never render them as HTML.",
    params: idPath,
    responses: { 200: { description: "The course's sources.", schema: z.array(courseSourceView) } },
    errors: { 404: COURSE_HIDDEN },
  },
  async (c) => c.json(await listCourseSources(getDb(), c.var.caller, c.req.valid("param").id)),
);

export const listLessonCitationsEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/citations",
    access: "signed-in",
    tag: "Learning",
    summary: "The citations of a lesson",
    description: "Each inline `[n]` of the lesson with the passage it cites: file name, page, heading and the quoted text (plain text, never HTML); `passage` is null once its source was removed.",
    params: lessonPath,
    responses: { 200: { description: "The lesson's citations, by number.", schema: z.array(citationView) } },
    errors: { 404: `${COURSE_HIDDEN} Or no such lesson.` },
  },
  async (c) => {
    const { id, sectionIndex, subsectionIndex } = c.req.valid("param");
    return c.json(await listLessonCitations(getDb(), c.var.caller, { courseId: id, sectionIndex, subsectionIndex }));
  },
);
