import { getDb } from "@/db/client";
import { decideRegeneration } from "@/lib/authoring/content-review/decide-regeneration";
import { decideVariant } from "@/lib/authoring/content-review/decide-variant";
import { editLesson, editQuestion, retireQuestion } from "@/lib/authoring/content-review/edit";
import { listRegenerations } from "@/lib/authoring/content-review/regeneration-row";
import { requestRegeneration } from "@/lib/authoring/content-review/request-regeneration";
import { editLessonSchema, editQuestionSchema, regenerateSchema, regenerationDecisionSchema, retireQuestionSchema, variantDecisionSchema } from "@/lib/authoring/content-review/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { changedItem, regeneration, regenerations } from "@/lib/authoring/content-review/responses";
import { endpoint } from "../endpoint";

/* The admin review screen's actions on published lessons and quiz items (docs/product-rules.md, "Review and editing"). */

const STALE = "Someone else changed the item since the version sent: reload to see their version.";

export const editLessonEndpoint = endpoint(
  {
    method: "PUT",
    path: "/subsections/:id",
    access: "admin",
    tag: "Admin",
    summary: "Edit a lesson",
    description:
      "Replaces a lesson's markdown in place (learners keep their reads, positions and progress), as a new version; by default its open reports and flags are resolved as `edited`. `version` is the one the edit started from.",
    params: idPath,
    body: { json: editLessonSchema },
    responses: { 200: { description: "The lesson's new version.", schema: changedItem } },
    errors: { 404: "No such lesson.", 409: STALE, 422: "Empty or too long markdown, a code block without its language, or nothing changed." },
  },
  async (c) => c.json(await editLesson(getDb(), c.var.caller.id, c.req.valid("param").id, c.req.valid("json"))),
);

export const editQuestionEndpoint = endpoint(
  {
    method: "PUT",
    path: "/quiz-questions/:id",
    access: "admin",
    tag: "Admin",
    summary: "Edit a quiz item",
    description:
      "Replaces a quiz item's text, 4 options, key, hint, explanation and concept in place, as a new version; by default its open reports and flags are resolved as `edited`. The key must be one of 4 different options.",
    params: idPath,
    body: { json: editQuestionSchema },
    responses: { 200: { description: "The item's new version.", schema: changedItem } },
    errors: { 404: "No such quiz item.", 409: `${STALE} Or the item is retired.`, 422: "A key not among the options, repeated options, a key given away in the question or the hint, or nothing changed." },
  },
  async (c) => c.json(await editQuestion(getDb(), c.var.caller.id, c.req.valid("param").id, c.req.valid("json"))),
);

export const retireQuestionEndpoint = endpoint(
  {
    method: "POST",
    path: "/quiz-questions/:id/retire",
    access: "admin",
    tag: "Admin",
    summary: "Retire a quiz item",
    description:
      "Stops drawing a quiz item; past answers and attempts keep naming it. Its learners' review cards move to a live item of the same concept in the course, or retire when there is none.",
    params: idPath,
    body: { json: retireQuestionSchema },
    responses: { 200: { description: "The retired item, and where its review cards went.", schema: changedItem } },
    errors: { 404: "No such quiz item.", 409: `${STALE} Or it is retired already.` },
  },
  async (c) => c.json(await retireQuestion(getDb(), c.var.caller.id, c.req.valid("param").id, c.req.valid("json").version)),
);

export const decideVariantEndpoint = endpoint(
  {
    method: "POST",
    path: "/quiz-questions/:id/decision",
    access: "admin",
    tag: "Admin",
    summary: "Approve or reject a fresh quiz variant",
    description:
      "Decides a fresh variant written while the course's review policy requires review: learners are not drawn it until it is approved. `approve` puts it in use (drawn for learners from now on), `reject` retires it (never drawn). `version` is the one the decision started from.",
    params: idPath,
    body: { json: variantDecisionSchema },
    responses: { 200: { description: "The item's new version.", schema: changedItem } },
    errors: { 404: "No such quiz item.", 409: `${STALE} Or the item is not waiting for review (approved already, or retired).` },
  },
  async (c) => c.json(await decideVariant(getDb(), c.var.caller.id, c.req.valid("param").id, c.req.valid("json"))),
);

export const regenerateLessonEndpoint = endpoint(
  {
    method: "POST",
    path: "/subsections/:id/regenerate",
    access: "admin",
    tag: "Admin",
    summary: "Regenerate a lesson",
    description:
      "Asks the worker to write a lesson again, with an optional instruction. The new text passes the content checks, then replaces the old in place; when the course's review policy requires review and the lesson's section was approved, it waits as a revision (`in_review`) that learners do not get until an admin accepts it.",
    params: idPath,
    body: { json: regenerateSchema },
    responses: { 202: { description: "The regeneration, pending.", schema: regeneration } },
    errors: { 404: "No such lesson.", 409: `${STALE} Or a regeneration of it is under way or waits for review.` },
  },
  async (c) => c.json(await requestRegeneration(getDb(), c.var.caller.id, { kind: "subsection", id: c.req.valid("param").id }, c.req.valid("json").version, c.req.valid("json").instruction ?? null), 202),
);

export const regenerateQuestionEndpoint = endpoint(
  {
    method: "POST",
    path: "/quiz-questions/:id/regenerate",
    access: "admin",
    tag: "Admin",
    summary: "Regenerate a quiz item",
    description:
      "Asks the worker to write a quiz item again on the same concept, with an optional instruction. The new item goes through the content checks and the blind verification, then replaces the old one in its place (the old one is retired, its review cards moved to the new item); when the course's review policy requires review and the item's section was approved, it waits as a revision (`in_review`) that learners do not get until an admin accepts it.",
    params: idPath,
    body: { json: regenerateSchema },
    responses: { 202: { description: "The regeneration, pending.", schema: regeneration } },
    errors: { 404: "No such quiz item.", 409: `${STALE} Or the item is retired or a fresh variant waiting for review, or a regeneration of it is under way or waits for review.` },
  },
  async (c) => c.json(await requestRegeneration(getDb(), c.var.caller.id, { kind: "question", id: c.req.valid("param").id }, c.req.valid("json").version, c.req.valid("json").instruction ?? null), 202),
);

export const listRegenerationsEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/regenerations",
    access: "admin",
    tag: "Admin",
    summary: "A course's regenerations",
    description: "The lessons and quiz items of a course asked for again, newest first: pending, done (with a question's replacement) or failed (with why).",
    params: idPath,
    responses: { 200: { description: "The course's regenerations.", schema: regenerations } },
    errors: { 404: "No such course." },
  },
  async (c) => c.json({ regenerations: await listRegenerations(getDb(), c.req.valid("param").id) }),
);

export const decideRegenerationEndpoint = endpoint(
  {
    method: "POST",
    path: "/regenerations/:id/decision",
    access: "admin",
    tag: "Admin",
    summary: "Keep the new or the old version",
    description:
      "Chooses between a regenerated lesson's or item's old and new version. A revision waiting for review (`in_review`): `new` accepts it (learners get it now; its open reports resolve as `regenerated`), `old` discards it. One written in place (`done`, not decided yet): `new` keeps it, `old` restores the version it replaced.",
    params: idPath,
    body: { json: regenerationDecisionSchema },
    responses: { 200: { description: "The regeneration, decided.", schema: regeneration } },
    errors: {
      404: "No such regeneration.",
      409: "Still being written, decided already, or the lesson or item changed since (nothing is written: reload).",
    },
  },
  async (c) => c.json(await decideRegeneration(getDb(), c.var.caller.id, c.req.valid("param").id, c.req.valid("json").keep)),
);
