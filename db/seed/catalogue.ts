import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { MIN_ITEMS_PER_CONCEPT, MIN_POOL_SIZE } from "../quiz-pool";

/** The hand-written seed catalogue: topics.yaml plus one YAML file per course under courses/. */

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

const nonBlank = z.string().trim().min(1);

const quizQuestionSchema = z
  .object({
    question: nonBlank,
    options: z.array(nonBlank).length(4),
    answer: nonBlank,
    hint: nonBlank,
    // The idea the question tests, the subsection of its section that teaches it
    // (0-based), and one or two sentences on why the right answer is right.
    concept: z.string().trim().min(3).max(80),
    subsection: z.number().int().min(0),
    explanation: z.string().trim().min(30).max(400),
  })
  .strict()
  .refine((q) => new Set(q.options).size === 4, { message: "options must be 4 distinct strings" })
  .refine((q) => q.options.includes(q.answer), { message: "answer must be exactly one of the options" });

// Its fenced code blocks must name their language, the rule generated courses follow too
// (lib/platform/content/fences.ts, which db/ cannot import): lib/platform/content/catalogue-problems.test.ts and
// scripts/validate-catalogue.ts check the catalogue against it.
const subsectionSchema = z.object({ title: nonBlank, content: z.string().trim().min(400) }).strict();

/** How many questions test each concept (concepts compared lower-cased, as mastery keys them). */
function conceptCounts(quiz: { concept: string }[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const q of quiz) counts.set(q.concept.toLowerCase(), (counts.get(q.concept.toLowerCase()) ?? 0) + 1);
  return [...counts];
}

const sectionSchema = z
  .object({
    title: nonBlank,
    subsections: z.array(subsectionSchema).min(2),
    quiz: z.array(quizQuestionSchema).min(MIN_POOL_SIZE).max(4 * MIN_POOL_SIZE),
  })
  .strict()
  .refine((s) => new Set(s.quiz.map((q) => q.question)).size === s.quiz.length, {
    message: "questions within a section must not repeat",
  })
  .refine((s) => conceptCounts(s.quiz).every(([, n]) => n >= MIN_ITEMS_PER_CONCEPT), {
    message: `every concept of a section's quiz needs at least ${MIN_ITEMS_PER_CONCEPT} questions, so a retry can ask one whose key the learner has not seen`,
  })
  .refine((s) => s.quiz.every((q) => q.subsection < s.subsections.length), {
    message: "a question's subsection must be one of its section's subsections (0-based)",
  });

export const seedCourseSchema = z
  .object({
    topic: nonBlank,
    title: nonBlank,
    level: z.enum(LEVELS),
    description: nonBlank,
    sections: z.array(sectionSchema).min(3),
  })
  .strict();

export const seedTopicSchema = z.object({ title: nonBlank, description: nonBlank }).strict();

export type SeedCourse = z.infer<typeof seedCourseSchema>;
export type SeedTopic = z.infer<typeof seedTopicSchema>;
export type Catalogue = { topics: SeedTopic[]; courses: SeedCourse[] };

const SEED_DIR = join(process.cwd(), "db", "seed");

/**
 * Reads and validates the whole catalogue, or only the course files named in `only`; throws
 * naming the file and the field that is wrong.
 */
export function loadCatalogue(dir = SEED_DIR, only?: string[]): Catalogue {
  const topics = z.array(seedTopicSchema).parse(parse(readFileSync(join(dir, "topics.yaml"), "utf8")));
  const topicTitles = new Set(topics.map((t) => t.title));
  const courseDir = join(dir, "courses");
  const courses = readdirSync(courseDir)
    .filter((f) => f.endsWith(".yaml") && (!only || only.includes(f)))
    .sort()
    .map((file) => {
      const result = seedCourseSchema.safeParse(parse(readFileSync(join(courseDir, file), "utf8")));
      if (!result.success) {
        throw new Error(`db/seed/courses/${file}: ${z.prettifyError(result.error)}`);
      }
      if (!topicTitles.has(result.data.topic)) {
        throw new Error(`db/seed/courses/${file}: topic "${result.data.topic}" is not in topics.yaml`);
      }
      return result.data;
    });
  return { topics, courses };
}
