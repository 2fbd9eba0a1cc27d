import { courseLevel, generationStatus } from "@/db/schema";
import type { CourseDetail } from "@/lib/courses/get-course";
import type { CourseSummary } from "@/lib/courses/serialize";
import type { CompletedCourse } from "@/lib/learning/enrollment";
import type { AnswerCheck } from "@/lib/quizzes/check-answer";
import type { QuizQuestion, QuizResult } from "@/lib/quizzes/section-quiz";
import type { TopicSummary } from "@/lib/topics/list-topics";
import { z } from "../zod";
import { id, timestamp, type Assert, type Same } from "./common";
import { lesson } from "./review";

/* Response shapes of the learning calls (see common.ts). */

const percent = z.number().int().min(0).max(100);

export const courseSummary = z
  .object({
    id,
    topic_id: id,
    course_title: z.string(),
    course_description: z.string(),
    course_level: z.enum(courseLevel.enumValues),
    duration: z.number().meta({ description: "Hours." }),
    is_detail_created_by_ai: z.boolean(),
    generation_status: z.enum(generationStatus.enumValues),
    course_progress: percent.meta({ description: "The learner's progress in percent (0 when not enrolled)." }),
  })
  .meta({ id: "CourseSummary", description: "A course in lists." });

export const courseList = z.array(courseSummary);

export const completedCourse = courseSummary.extend({ completed_at: timestamp }).meta({ id: "CompletedCourse" });

const creator = z.object({ first_name: z.string(), last_name: z.string() }).nullable().meta({ description: "Who created the topic (null: the seed or a deleted user)." });

export const topicWithCreator = z
  .object({ id, title: z.string(), description: z.string(), created_at: timestamp, creator })
  .meta({ id: "Topic" });

export const topicSummary = topicWithCreator
  .extend({ courses: courseList, totalCourses: z.number().int().min(0) })
  .meta({ id: "TopicWithCourses" });

export const topicBrief = z.object({ id, title: z.string(), description: z.string() }).meta({ id: "TopicBrief" });

export const topicCourses = z.object({ topic: topicBrief, courses: courseList }).meta({ id: "TopicCourses" });

export const interests = z.object({ hasInterests: z.boolean() }).meta({ id: "Interests" });

export const topicPreferenceResponse = z.object({ message: z.string(), topic_ids: z.array(id) }).meta({ id: "TopicPreferenceResponse" });

export const enrollResponse = z
  .object({ message: z.string(), enrolled: z.boolean().meta({ description: "True when this call enrolled (201), false when already enrolled (200)." }), course_progress: percent })
  .meta({ id: "EnrollResponse" });

export const courseDetail = courseSummary
  .extend({
    sections: z.array(
      z.object({
        section_title: z.string(),
        ready: z.boolean().meta({ description: "False while the section is still being written (titles only)." }),
        quiz_ready: z.boolean().meta({ description: "False while its quiz is still being written." }),
        subsections: z.array(z.object({ title: z.string(), content: z.string().nullable().meta({ description: "Markdown; null while locked for the caller." }) })),
      }),
    ),
    quiz_status: z.record(z.string(), z.boolean()).meta({ description: "Section index -> quiz passed." }),
    review_sections: z.array(z.number().int().min(0)).meta({ description: "Sections whose quiz was failed and not passed since." }),
    furthest_unit: z.number().int(),
    enrolled: z.boolean(),
  })
  .meta({ id: "CourseDetail" });

export const progressResponse = z
  .object({ course_id: id, course_progress: percent, furthest_unit: z.number().int() })
  .meta({ id: "ProgressResponse" });

export const quizQuestion = z
  .object({ id, question: z.string(), options: z.array(z.string()) })
  .meta({ id: "QuizQuestion", description: "A question without its answer key." });

export const quizQuestionList = z.array(quizQuestion);

const answerResult = { question_id: id, correct: z.boolean(), hint: z.string().nullable().meta({ description: "Only for a wrong answer; never the right option." }) };

export const answerCheck = z.object(answerResult).meta({ id: "AnswerCheck" });

export const quizResult = z
  .object({
    passed: z.boolean(),
    score: z.number().int().min(0),
    total: z.number().int().min(0),
    course_progress: percent,
    quiz_status: z.record(z.string(), z.boolean()),
    results: z.array(
      z.object({
        ...answerResult,
        correct_answer: z.string().meta({ description: "The right option, revealed once the attempt is submitted." }),
        explanation: z.string().nullable().meta({ description: "Why the right option is right." }),
        lesson,
      }),
    ),
  })
  .meta({ id: "QuizResult" });

export type _Checks = [
  Assert<Same<z.output<typeof courseSummary>, CourseSummary>>,
  Assert<Same<z.output<typeof completedCourse>, CompletedCourse>>,
  Assert<Same<z.output<typeof topicSummary>, TopicSummary>>,
  Assert<Same<z.output<typeof courseDetail>, CourseDetail>>,
  Assert<Same<z.output<typeof quizQuestion>, QuizQuestion>>,
  Assert<Same<z.output<typeof quizResult>, QuizResult>>,
  Assert<Same<z.output<typeof answerCheck>, AnswerCheck>>,
];
