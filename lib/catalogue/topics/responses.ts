import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";
import { courseList } from "../courses/responses";

/* Response shapes of the topics (see lib/platform/schemas/common-responses.ts). */

const creator = z.object({ first_name: z.string(), last_name: z.string() }).nullable().meta({ description: "Who created the topic (null: the seed or a deleted user)." });

export const topicWithCreator = z
  .object({ id, title: z.string(), description: z.string(), created_at: timestamp, creator })
  .meta({ id: "Topic" });

export type TopicWithCreator = z.output<typeof topicWithCreator>;

/** A topic as its admin's calls answer it (POST /topics, PUT /topics/{id}): the catalogue's shape and the topic's settings. */
export const adminTopic = topicWithCreator
  .extend({
    generation_review: z
      .enum(["off", "required"])
      .nullable()
      .meta({ description: "Whether its generated courses wait for an admin's review: `off`, `required`, or null for the server's GENERATION_REVIEW." }),
    sources_first: z.boolean().meta({ description: "Created with \"Add source files first\": its courses are proposed once its sources have been read (docs/sources.md)." }),
  })
  .meta({ id: "AdminTopic" });

export type AdminTopic = z.output<typeof adminTopic>;

export const topicSummary = topicWithCreator
  .extend({ courses: courseList, totalCourses: z.number().int().min(0) })
  .meta({ id: "TopicWithCourses" });

export type TopicSummary = z.output<typeof topicSummary>;

export const topicBrief = z.object({ id, title: z.string(), description: z.string() }).meta({ id: "TopicBrief" });

export type TopicBrief = z.output<typeof topicBrief>;

export const topicCourses = z.object({ topic: topicBrief, courses: courseList }).meta({ id: "TopicCourses" });

export type TopicCourses = z.output<typeof topicCourses>;
