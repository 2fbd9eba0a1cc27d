import { getDb } from "@/db/client";
import { getPublicationState, publishCourse, publishSection, unpublishCourse } from "@/lib/catalogue/publication/actions";
import { idPath, sectionPath } from "@/lib/platform/schemas/params";
import { publicationState } from "@/lib/catalogue/publication/responses";
import { endpoint } from "../endpoint";

/* Review and publication (docs/product-rules.md, "Review and publication"): what learners are served of a course. */

const STATE = { 200: { description: "The course's publication state.", schema: publicationState } };

export const getPublicationEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/publication",
    access: "admin",
    tag: "Generation",
    summary: "A course's publication state",
    description: "Draft, published or paused, and which of its written sections learners may read.",
    params: idPath,
    responses: STATE,
    errors: { 404: "No such course." },
  },
  async (c) => c.json(await getPublicationState(getDb(), c.req.valid("param").id)),
);

export const publishCourseEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/publish",
    access: "admin",
    tag: "Generation",
    summary: "Publish a course",
    description: "Learners get the course and every section written so far (sections written later under review wait for approval). Publishes a paused course again. Idempotent.",
    params: idPath,
    responses: STATE,
    errors: { 404: "No such course." },
  },
  async (c) => c.json(await publishCourse(getDb(), c.req.valid("param").id)),
);

export const unpublishCourseEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/unpublish",
    access: "admin",
    tag: "Generation",
    summary: "Pause a course",
    description: "Learners no longer find it or get its content or quizzes; its learners keep their enrolment and progress and see it as paused. Idempotent.",
    params: idPath,
    responses: STATE,
    errors: { 404: "No such course.", 409: "The course is a draft: it was never published." },
  },
  async (c) => c.json(await unpublishCourse(getDb(), c.req.valid("param").id)),
);

export const publishSectionEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/sections/:sectionIndex/publish",
    access: "admin",
    tag: "Generation",
    summary: "Approve one section",
    description: "Learners may read this section (0-based position) and take its quiz; a draft course becomes published with only its approved sections readable. Idempotent.",
    params: sectionPath,
    responses: STATE,
    errors: { 404: "No such course, or that section is not written yet." },
  },
  async (c) => {
    const { id, sectionIndex } = c.req.valid("param");
    return c.json(await publishSection(getDb(), id, sectionIndex));
  },
);
