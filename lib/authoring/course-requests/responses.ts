import { z } from "../../platform/schemas/zod";
import { REQUEST_LENGTHS, REQUEST_LEVELS } from "./request-values";
import { id, timestamp } from "../../platform/schemas/common-responses";

/*
 * Response shapes of a learner's course requests (see lib/platform/schemas/common-responses.ts): each request as its own object
 * (GET /users/me/course-requests, .../{id}), and the latest one in the older shape of GET
 * /users/me/course-request.
 */

const level = z.enum(REQUEST_LEVELS);
const length = z.enum(REQUEST_LENGTHS);

const viewState = z.enum(["planning", "writing", "review", "ready", "failed"]).meta({
  description:
    "`planning`: asked, the course not planned yet; `writing`: planned, sections being written; `review`: written, waiting for an admin's review before it can be read; `ready`: written; `failed`: writing stopped (`detail` says where and why; resume it).",
});

export type CourseRequestViewState = z.output<typeof viewState>;

const sectionState = z.enum(["ready", "writing", "review", "stopped"]).meta({
  description: "`ready`: published, its lessons can be read; `writing`: being written; `review`: written, waiting for an admin; `stopped`: not written, its course's writing stopped.",
});

export const courseRequestView = z
  .object({
    id,
    state: viewState,
    subject: z.string().meta({ description: "What the learner asked for: the words they typed, or the topic's title." }),
    free_text: z.boolean().meta({ description: "True when the learner typed the subject (it may have matched a topic)." }),
    topic_id: id.nullable().meta({ description: "The catalogue topic of the request; null for a subject of the learner's own, which has no topic page." }),
    level,
    length,
    planned_minutes: z.number().int().min(0).meta({ description: "The estimate for a course of this length before it is written (lib/catalogue/courses/duration.ts)." }),
    source_id: id.nullable(),
    course_id: id.nullable().meta({ description: "Set once the course is planned." }),
    course_title: z.string().nullable(),
    sections: z.array(z.object({ title: z.string(), state: sectionState })).meta({ description: "The course's sections in order, as planned." }),
    sections_ready: z.number().int().min(0),
    detail: z.string().nullable().meta({ description: "What to tell the learner: why it failed and where it stopped, or that writing is off on this server." }),
    can_resume: z.boolean().meta({ description: "Failed, and this server can write: POST .../resume carries on from where it stopped." }),
    opened: z.boolean().meta({ description: "The learner has opened the course in the reader (the dashboard stops showing the request)." }),
    ready_in_minutes: z.number().int().min(1).nullable().meta({ description: "While planning or writing: about how long until it is written." }),
    created_at: timestamp,
  })
  .meta({ id: "CourseRequestView" });

export type CourseRequestView = z.output<typeof courseRequestView>;

export const requestQuota = z
  .object({
    per_day: z.number().int().min(0).meta({ description: "Requests one learner may make in 24 hours (PERSONAL_COURSES_PER_DAY)." }),
    left: z.number().int().min(0),
    next_at: timestamp.nullable().meta({ description: "When none is left: when the next one may be made." }),
  })
  .meta({ id: "CourseRequestQuota" });

export type RequestQuota = z.output<typeof requestQuota>;

export const courseRequestList = z
  .object({
    requests: z.array(courseRequestView).meta({ description: "Newest first." }),
    quota: requestQuota,
    model_configured: z.boolean().meta({ description: "False: course writing is turned off on this server, and a request is refused." }),
  })
  .meta({ id: "CourseRequestList" });

export type CourseRequestList = z.output<typeof courseRequestList>;

export const courseRequestAccepted = z
  .object({
    topic_id: id.meta({ description: "The topic the course is written in (a catalogue topic, or the one made for the learner's subject)." }),
    detail: z.string(),
    request: courseRequestView,
  })
  .meta({ id: "CourseRequestAccepted", description: "The request was taken; `detail` says what happens next." });

const requestState = z.enum(["none", "waiting", "writing", "review", "ready", "failed"]).meta({
  description:
    "`none`: nothing asked for; `waiting`: asked, the course not planned yet; `writing`: planned, sections being written; `review`: written, waiting for an admin's review before it can be read; `ready`: written; `failed`: writing stopped (resume it).",
});

export type CourseRequestState = z.output<typeof requestState>;

export const courseRequest = z
  .object({
    state: requestState,
    model_configured: z.boolean().meta({ description: "False: course writing is turned off on this server, and a request is refused." }),
    request_id: id.nullable().meta({ description: "The request (GET /course-requests/{id}); null for none." }),
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

export const certificateVisibility = z
  .object({ course_id: id, hidden: z.boolean(), certificates: z.number().int().min(0).meta({ description: "How many certificates the course has." }) })
  .meta({ id: "CertificateVisibility" });

export type CertificateVisibility = z.output<typeof certificateVisibility>;
