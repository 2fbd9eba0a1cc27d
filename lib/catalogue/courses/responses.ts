import { courseLevel, generationStatus } from "@/db/schema";
import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of a course as the catalogue and the reader answer it (see lib/platform/schemas/common-responses.ts). */

export const percent = z.number().int().min(0).max(100);

export const courseSummary = z
  .object({
    id,
    topic_id: id,
    course_title: z.string(),
    course_description: z.string(),
    course_level: z.enum(courseLevel.enumValues),
    duration: z.number().min(0).meta({
      description: "Hours, estimated from the content (docs/product-rules.md, Durations): to the nearest half hour, at least 0.5 once anything is written, 0 before.",
    }),
    duration_minutes: z.number().int().min(0).meta({ description: "The same estimate in minutes: lessons' reading time plus one quiz attempt per section." }),
    is_detail_created_by_ai: z.boolean(),
    generation_status: z.enum(generationStatus.enumValues),
    course_progress: percent.meta({ description: "The learner's progress in percent (0 when not enrolled)." }),
    paused: z
      .literal(true)
      .optional()
      .meta({ description: "Present when an admin paused the course: its learners keep their progress, and get no content or quiz until it is published again." }),
  })
  .meta({ id: "CourseSummary", description: "A course in lists." });

export type CourseSummary = z.output<typeof courseSummary>;

export const courseList = z.array(courseSummary);

export const completedCourse = courseSummary.extend({ completed_at: timestamp }).meta({ id: "CompletedCourse" });

export type CompletedCourse = z.output<typeof completedCourse>;

export const courseDetail = courseSummary
  .extend({
    sections: z.array(
      z.object({
        section_title: z.string(),
        ready: z.boolean().meta({ description: "False while the section is still being written (titles only)." }),
        quiz_ready: z.boolean().meta({ description: "False while its quiz is still being written." }),
        in_review: z.literal(true).optional().meta({ description: "Present when the section is written but waiting for an admin's review (titles only)." }),
        subsections: z.array(
          z.object({
            title: z.string(),
            content: z.string().nullable().meta({ description: "Markdown; null while locked for the caller." }),
            minutes: z.number().int().min(0).nullable().meta({ description: "Its reading time (docs/product-rules.md, Durations); null while its section is being written." }),
          }),
        ),
      }),
    ),
    quiz_status: z.record(z.string(), z.boolean()).meta({ description: "Section index -> quiz passed." }),
    // The reader shows these as "Review".
    review_sections: z.array(z.number().int().min(0)).meta({ description: "Sections whose quiz was failed and not passed since." }),
    furthest_unit: z.number().int(),
    enrolled: z.boolean(),
  })
  .meta({ id: "CourseDetail" });

export type CourseDetail = z.output<typeof courseDetail>;

/** A cited passage as a lesson or a quiz item shows it. */
export const citedPassage = z
  .object({
    file_name: z.string().meta({ description: "The source's file name, as text." }),
    page: z.number().int().min(1).nullable().meta({ description: "The page it is on; null for a file without pages." }),
    heading: z.string().nullable(),
    text: z.string().meta({ description: "The quoted passage: plain text, never HTML." }),
  })
  .meta({ id: "CitedPassage" });

export type CitedPassage = z.output<typeof citedPassage>;
