import { z } from "zod";

/*
 * The payloads of generation's course jobs, apart from their definitions: the pipeline's steps
 * take them, and import no job file (each definition imports its step).
 */

/** The payload of a course's outline job (generate-course-outline): one attempt of one course. */
export const outlinePayload = z.object({ courseId: z.number().int().positive(), attempt: z.number().int().min(1) });

export type OutlinePayload = z.infer<typeof outlinePayload>;

/** The payload of a part's two jobs (generate-subsection, then generate-questions): one subsection of one attempt. */
export const partPayload = z.object({
  courseId: z.number().int().positive(),
  attempt: z.number().int().min(1),
  sectionIndex: z.number().int().min(0),
  subsectionIndex: z.number().int().min(0),
});

export type PartPayload = z.infer<typeof partPayload>;

export const partKey = (p: PartPayload) => `course-${p.courseId}-attempt-${p.attempt}-section-${p.sectionIndex}-part-${p.subsectionIndex}`;

// Earlier sections first, so the first section is readable soonest.
export const partPriority = (p: PartPayload) => Math.max(0, 100 - p.sectionIndex);
