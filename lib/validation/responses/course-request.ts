import { z } from "../zod";
import { id } from "./common";

/* Response shape of GET /users/me/course-request: a learner's latest request for a course of their own (see common.ts). */

const requestState = z.enum(["none", "waiting", "writing", "review", "ready", "failed"]).meta({
  description:
    "`none`: nothing asked for; `waiting`: asked, the course not planned yet; `writing`: planned, sections being written; `review`: written, waiting for an admin's review before it can be read; `ready`: written; `failed`: writing gave up (ask again).",
});

export type CourseRequestState = z.output<typeof requestState>;

export const courseRequest = z
  .object({
    state: requestState,
    model_configured: z.boolean().meta({ description: "False: course writing is turned off on this server, and a request is refused." }),
    topic_id: id.nullable(),
    topic_title: z.string().nullable(),
    course_id: id.nullable().meta({ description: "Set once the course is planned (`writing`, `ready`, and `failed` after planning)." }),
    course_title: z.string().nullable(),
    sections: z
      .array(
        z.object({
          title: z.string(),
          ready: z.boolean().meta({ description: "Published: its lessons can be read." }),
          in_review: z.literal(true).optional().meta({ description: "Present when the section is written and waiting for an admin's review." }),
        }),
      )
      .meta({ description: "The course's sections in order, as planned; `ready` ones can be read." }),
    detail: z.string().nullable().meta({ description: "What to tell the learner: why writing is off or failed." }),
  })
  .meta({ id: "CourseRequest" });

export type CourseRequest = z.output<typeof courseRequest>;
