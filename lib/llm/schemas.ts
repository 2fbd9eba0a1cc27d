import { z } from "zod";

/*
 * What the model must answer, one zod 4 schema per task. They go to the SDK's structured-output
 * helper (zodResponseFormat, which takes zod 4 schemas through their `_zod` metadata) and, for
 * servers without JSON-schema output, validate JSON-mode answers the same way. They stay plain
 * (no lengths or counts) so any OpenAI-compatible server can follow them; the content rules
 * (counts, fences, distinct options...) are checked afterwards in lib/generation/checks.ts.
 */

export const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export const topicCoursesSchema = z.object({
  courses: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      level: z.enum(LEVELS),
    }),
  ),
});

export const courseOutlineSchema = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      summary: z.string(),
      subsections: z.array(z.string()),
    }),
  ),
});

export const questionSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  correct_answer: z.string(),
  hint: z.string(),
  concept: z.string(),
});

export const sectionContentSchema = z.object({
  subsections: z.array(z.object({ title: z.string(), content: z.string() })),
  questions: z.array(questionSchema),
});

export const questionsSchema = z.object({ questions: z.array(questionSchema) });

export const verificationSchema = z.object({
  answers: z.array(z.object({ number: z.number().int(), answer: z.string() })),
});

export type TopicCoursesOutput = z.infer<typeof topicCoursesSchema>;
export type CourseOutlineOutput = z.infer<typeof courseOutlineSchema>;
export type GeneratedQuestion = z.infer<typeof questionSchema>;
export type SectionContentOutput = z.infer<typeof sectionContentSchema>;
export type VerificationOutput = z.infer<typeof verificationSchema>;

/** The tasks the pipeline asks of a model; each has its schema name (what fakes and logs see). */
export const TASKS = {
  "topic-courses": { schema: topicCoursesSchema, name: "topic_courses", model: "outline" },
  outline: { schema: courseOutlineSchema, name: "course_outline", model: "outline" },
  section: { schema: sectionContentSchema, name: "section_content", model: "content" },
  verify: { schema: verificationSchema, name: "quiz_verification", model: "quiz" },
  "replace-questions": { schema: questionsSchema, name: "replacement_questions", model: "quiz" },
} as const;

export type Task = keyof typeof TASKS;
export type TaskOutput<T extends Task> = z.infer<(typeof TASKS)[T]["schema"]>;
