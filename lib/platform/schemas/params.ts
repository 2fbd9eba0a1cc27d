import { z } from "./zod";

/*
 * Path parameters: digits only, anything else is a 404 like a missing row (the message is the
 * 404's detail). Declared by the endpoints (api/routes/) and validated before their handlers run.
 */

const digits = (max: number, message: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${max}}$`), message)
    .transform(Number)
    .pipe(z.number().int().min(0));

const pathId = (description: string, message = "Not Found") =>
  digits(9, message)
    .pipe(z.number().int().min(1, message))
    .meta({ description });

export const idPath = z.object({ id: pathId("A positive id (anything else: 404).") });

export const sectionPath = z.object({
  id: pathId("The course's id (anything else: 404)."),
  sectionIndex: digits(4, "This course has no such section.").meta({ description: "The section's position in the course, from 0 (anything else: 404)." }),
});

export const lessonPath = sectionPath.extend({
  subsectionIndex: digits(4, "This section has no such lesson.").meta({ description: "The lesson's (subsection's) position in its section, from 0 (anything else: 404)." }),
});
