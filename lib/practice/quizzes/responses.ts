import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";
import { citedPassage, percent } from "../../catalogue";
import { MASTERY_LEVELS } from "../mastery/model";
import { lesson } from "../review/responses";

/* Response shapes of a section quiz: its questions, the feedback on an answer, the attempt, the result (see lib/platform/schemas/common-responses.ts). */

/**
 * A question as a learner gets it: never the right option nor the hint, so the key cannot be read
 * off the page (docs/product-rules.md, "Practice"). Its options come in the order this attempt
 * shows them (shuffled per attempt); quiz-check answers one item, quiz-complete grades.
 */
export const quizQuestion = z
  .object({ id, question: z.string(), options: z.array(z.string()) })
  .meta({ id: "QuizQuestion", description: "A question without its answer key." });

export type QuizQuestion = z.output<typeof quizQuestion>;

export const quizQuestionList = z.array(quizQuestion);

const finalOnly = (what: string) => `${what}; null until the item is final (right first time, after the second try, or submitted unanswered).`;

/** Feedback on one answer to one item of the attempt under way. */
export const answerCheck = z
  .object({
    question_id: id,
    correct: z.boolean().meta({ description: "Whether this try is right." }),
    first_try_correct: z.boolean().meta({ description: "What the attempt scores: a right second try is practice, the item still counts as missed." }),
    final: z.boolean().meta({ description: "True once the item's key is shown: no more tries." }),
    tries_left: z.number().int().min(0).max(1),
    hint: z.string().nullable().meta({ description: "On a first miss only; never the right option." }),
    correct_answer: z.string().nullable().meta({ description: finalOnly("The right option") }),
    explanation: z.string().nullable().meta({ description: finalOnly("Why the right option is right") }),
    lesson: lesson.meta({ description: "The subsection that teaches the item's concept." }),
    concept: z.string().nullable().meta({ description: finalOnly("The concept the item tests") }),
    source: citedPassage.nullable().meta({ description: finalOnly("The source passage that supports the right option (null too for an item written without sources)") }),
  })
  .meta({ id: "AnswerCheck" });

export type AnswerCheck = z.output<typeof answerCheck>;

/** The attempt under way: whether it can pass, and each item's tries so far (a reload resumes it). */
export const quizAttempt = z
  .object({
    counts_toward_pass: z.boolean().meta({ description: "False when some item's key was shown too recently: the attempt is practice." }),
    next_counting_at: timestamp.nullable().meta({ description: "When not counting: the earliest time a new attempt would count; null otherwise." }),
    items: z.array(
      z.object({
        question_id: id,
        tries: z.array(z.string()).meta({ description: "The options chosen so far, in order." }),
        feedback: answerCheck.nullable().meta({ description: "The feedback on the latest try; null before any." }),
      }),
    ),
  })
  .meta({ id: "QuizAttempt" });

export type QuizAttempt = z.output<typeof quizAttempt>;

export const quizResult = z
  .object({
    passed: z.boolean(),
    score: z.number().int().min(0),
    total: z.number().int().min(0),
    counts_toward_pass: z.boolean().meta({ description: "False when the attempt was practice: it could not pass however it was answered." }),
    next_counting_at: timestamp.nullable().meta({ description: "When the next attempt that counts is possible, when that is not now; null otherwise." }),
    course_progress: percent,
    quiz_status: z.record(z.string(), z.boolean()),
    /* Per item, now final: the first try (what is scored), the hint when missed, and the remediation. */
    results: z.array(
      z.object({
        question_id: id,
        correct: z.boolean().meta({ description: "Right on the first try." }),
        answer: z.string().nullable().meta({ description: "The learner's first try; null when unanswered." }),
        hint: z.string().nullable().meta({ description: "Only for a missed item." }),
        correct_answer: z.string(),
        explanation: z.string().nullable().meta({ description: "Why the right option is right." }),
        concept: z.string(),
        level: z.enum(MASTERY_LEVELS).meta({ description: "The concept's mastery level after this attempt: struggling reads \"needs another look\"." }),
        level_before: z
          .enum(MASTERY_LEVELS)
          .nullable()
          .meta({ description: "The concept's level before this attempt (the result shows what it moved); null when the answer is a passing attempt graded earlier." }),
        lesson,
        source: citedPassage.nullable().meta({ description: "The source passage that supports the right option; null for an item written without sources." }),
      }),
    ),
  })
  .meta({ id: "QuizResult" });

export type QuizResult = z.output<typeof quizResult>;
