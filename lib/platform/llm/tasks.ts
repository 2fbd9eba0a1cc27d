import { z } from "zod";

/*
 * What the model must answer, one zod 4 schema per task. They go to the SDK's structured-output
 * helper (zodResponseFormat) and, for servers without JSON-schema output, validate JSON-mode
 * answers the same way. Counts the pipeline knows (how many courses, sections, questions, and
 * exactly 4 options) are in the schema as minItems/maxItems, so a grammar-constrained server
 * (llama.cpp, vLLM, Ollama's `format`, OpenAI's strict mode) cannot write the wrong number. The
 * answer itself is parsed with the schema without counts: a wrong count is caught by the content
 * checks in lib/authoring/generation/checks.ts (which keep the good questions and replace the rest), as
 * before, for servers that ignore the counts.
 */

export const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

/** Exactly `n` items when the caller knows n; any number otherwise. */
const arrayOf = <T extends z.ZodType>(item: T, n?: number) => (n === undefined ? z.array(item) : z.array(item).length(n));

export const topicCoursesSchema = (n?: number) =>
  z.object({ courses: arrayOf(z.object({ title: z.string(), description: z.string(), level: z.enum(LEVELS) }), n) });

export const courseOutlineSchema = (sections?: number, subsections?: number) =>
  z.object({ sections: arrayOf(z.object({ title: z.string(), summary: z.string(), subsections: arrayOf(z.string(), subsections) }), sections) });

export const OPTIONS_PER_QUESTION = 4;

const question = (options?: number) =>
  z.object({ question: z.string(), options: arrayOf(z.string(), options), correct_answer: z.string(), hint: z.string(), concept: z.string(), explanation: z.string() });

export const questionSchema = question();

export const subsectionContentSchema = () => z.object({ content: z.string() });

/** `n` questions of exactly 4 options when n is given. */
export const questionsSchema = (n?: number) => z.object({ questions: arrayOf(question(n === undefined ? undefined : OPTIONS_PER_QUESTION), n) });

/** Fresh variants of several concepts' items, `n` in all, each naming its concept; exactly 4 options when n is given. */
export const questionVariantsSchema = (n?: number) => z.object({ variants: arrayOf(question(n === undefined ? undefined : OPTIONS_PER_QUESTION), n) });

/**
 * A course written from sources (docs/sources.md, "Citations"): each question also names the
 * number of the passage that supports its key, as the prompt numbered them.
 */
export const sourceQuestionsSchema = (n?: number) =>
  z.object({ questions: arrayOf(question(n === undefined ? undefined : OPTIONS_PER_QUESTION).extend({ passage: z.number().int() }), n) });

/** The grounding check: the lesson's statements its cited passages do not support (none: an empty list). */
export const groundingSchema = () => z.object({ unsupported: z.array(z.string()) });

export const verificationSchema = (n?: number) => z.object({ answers: arrayOf(z.object({ number: z.number().int(), answer: z.string() }), n) });

/** The judge's errors in one section: each on a lesson or a question (by its number in the prompt). */
export const judgeSchema = () =>
  z.object({
    errors: z.array(z.object({ item: z.enum(["lesson", "question"]), number: z.number().int(), severity: z.enum(["major", "minor"]), message: z.string() })),
  });

export type TopicCoursesOutput = z.infer<ReturnType<typeof topicCoursesSchema>>;
export type CourseOutlineOutput = z.infer<ReturnType<typeof courseOutlineSchema>>;
export type GeneratedQuestion = z.infer<typeof questionSchema>;
export type SourcedQuestion = GeneratedQuestion & { passage: number };
export type VerificationOutput = z.infer<ReturnType<typeof verificationSchema>>;
export type JudgeOutput = z.infer<ReturnType<typeof judgeSchema>>;

/**
 * The tasks the pipeline asks of a model: the schema (from the counts the call wants), its name
 * (what fakes and logs see), the model setting it uses, and `maxTokens`, the answer's ceiling sent
 * as max_tokens. Every answer stays well under ~1,200 tokens, so prompt + answer fit a 4k context.
 */
export const TASKS = {
  "topic-courses": { schema: topicCoursesSchema, name: "topic_courses", model: "outline", maxTokens: 1000 },
  outline: { schema: courseOutlineSchema, name: "course_outline", model: "outline", maxTokens: 1000 },
  subsection: { schema: subsectionContentSchema, name: "subsection_content", model: "content", maxTokens: 1200 },
  questions: { schema: questionsSchema, name: "quiz_questions", model: "quiz", maxTokens: 1000 },
  verify: { schema: verificationSchema, name: "quiz_verification", model: "quiz", maxTokens: 600 },
  "replace-questions": { schema: questionsSchema, name: "replacement_questions", model: "quiz", maxTokens: 1000 },
  "question-variants": { schema: questionVariantsSchema, name: "question_variants", model: "quiz", maxTokens: 1200 },
  "source-questions": { schema: sourceQuestionsSchema, name: "source_quiz_questions", model: "quiz", maxTokens: 1000 },
  grounding: { schema: groundingSchema, name: "grounding_check", model: "quiz", maxTokens: 600 },
  judge: { schema: judgeSchema, name: "section_judgement", model: "judge", maxTokens: 800 },
} as const;

export type Task = keyof typeof TASKS;
export type TaskSchema<T extends Task> = ReturnType<(typeof TASKS)[T]["schema"]>;
export type TaskOutput<T extends Task> = z.infer<TaskSchema<T>>;
export type TaskCounts<T extends Task> = Parameters<(typeof TASKS)[T]["schema"]>;
