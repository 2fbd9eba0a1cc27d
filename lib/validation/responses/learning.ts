import { courseLevel, generationStatus } from "@/db/schema";
import { z } from "../zod";
import { id, timestamp } from "./common";
import { MASTERY_LEVELS } from "@/lib/mastery/model";
import { lesson } from "./review";
import { citedPassage } from "./sources";

/* Response shapes of the learning calls (see common.ts). */

const percent = z.number().int().min(0).max(100);

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

export const interests = z.object({ hasInterests: z.boolean() }).meta({ id: "Interests" });

export type Interests = z.output<typeof interests>;

export const topicPreferenceResponse = z.object({ message: z.string(), topic_ids: z.array(id) }).meta({ id: "TopicPreferenceResponse" });

export type TopicPreferenceResponse = z.output<typeof topicPreferenceResponse>;

export const enrollResponse = z
  .object({ message: z.string(), enrolled: z.boolean().meta({ description: "True when this call enrolled (201), false when already enrolled (200)." }), course_progress: percent })
  .meta({ id: "EnrollResponse" });

export type EnrollResponse = z.output<typeof enrollResponse>;

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

export const progressResponse = z
  .object({ course_id: id, course_progress: percent, furthest_unit: z.number().int() })
  .meta({ id: "ProgressResponse" });

export type ProgressResponse = z.output<typeof progressResponse>;

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
