import { query as completedCoursesQuery } from "@/api/routes/users/[id]/completed-courses";
import { idPath, sectionPath } from "@/lib/validation/params";
import { quizCheckSchema } from "@/lib/validation/quizzes";
import { enrollSchema, quizSubmissionSchema, sectionQuizQuery, topicPreferenceSchema, updateProgressSchema, userListQuery } from "@/lib/validation/learning";
import {
  answerCheck,
  completedCourse,
  courseDetail,
  courseList,
  enrollResponse,
  interests,
  progressResponse,
  quizQuestionList,
  quizResult,
  topicBrief,
  topicCourses,
  topicPreferenceResponse,
  topicSummary,
} from "@/lib/validation/responses/learning";
import { dueCardsQuery, reviewAnswerSchema } from "@/lib/validation/review";
import { dueCards, masteryList, reviewAnswer } from "@/lib/validation/responses/review";
import { z } from "@/lib/validation/zod";
import type { OperationDocs } from "../types";

/* Learning: topics, interests, enrolment, the reader's progress and section quizzes (README "Learning"). */

const OWN_DATA = "Another learner's data (learners may act only on themselves).";
const SECTION_CLOSED = "Not enrolled, an earlier section's quiz is not passed yet, or the section or its quiz is still being written.";

export const learningDocs: OperationDocs = {
  "GET /topics": {
    tag: "Learning",
    summary: "List topics",
    description: "Every topic with its creator and courses. A learner's personal course is listed only for that learner and admins (send a credential to see yours).",
    access: "public",
    responses: {
      200: { description: "Every topic.", schema: z.array(topicSummary), etag: true },
      304: { description: "Not modified: If-None-Match named the caller's current ETag (no body).", etag: true },
    },
  },
  "GET /topics/:id/courses": {
    tag: "Learning",
    summary: "A topic's courses",
    access: "public",
    path: idPath,
    responses: { 200: { description: "The topic and its courses.", schema: topicCourses } },
    errors: { 404: "No such topic." },
  },
  "GET /users/interests": {
    tag: "Learning",
    summary: "Whether you chose any topic",
    access: "signed-in",
    responses: { 200: { description: "`hasInterests`.", schema: interests } },
  },
  "POST /users/topic-preference": {
    tag: "Learning",
    summary: "Add topics to your interests",
    access: "signed-in",
    body: { json: topicPreferenceSchema },
    responses: { 200: { description: "The topics were added.", schema: topicPreferenceResponse } },
    errors: { 404: "An unknown topic id." },
  },
  "GET /users/:id/selected-topics": {
    tag: "Learning",
    summary: "A learner's chosen topics",
    access: "signed-in",
    path: idPath,
    responses: { 200: { description: "The chosen topics.", schema: z.array(topicBrief) } },
    errors: { 403: OWN_DATA },
  },
  "GET /users/:id/completed-courses": {
    tag: "Learning",
    summary: "A learner's completed courses",
    description: "Courses finished at 100%, newest first, at most 100 at a time.",
    access: "signed-in",
    path: idPath,
    query: completedCoursesQuery,
    responses: { 200: { description: "One page of completed courses.", schema: z.array(completedCourse), totalCount: true } },
    errors: { 403: OWN_DATA },
  },
  "GET /recommendations": {
    tag: "Learning",
    summary: "Recommended courses",
    description: "Courses the learner is not enrolled in, ranked for them, at most 100 at a time. `user_id` defaults to the caller.",
    access: "signed-in",
    query: userListQuery,
    responses: { 200: { description: "One page of courses.", schema: courseList, totalCount: true } },
    errors: { 403: OWN_DATA },
  },
  "GET /mycourses": {
    tag: "Learning",
    summary: "Enrolled courses",
    description: "The learner's courses with progress, at most 100 at a time. `user_id` defaults to the caller.",
    access: "signed-in",
    query: userListQuery,
    responses: { 200: { description: "One page of courses.", schema: courseList, totalCount: true } },
    errors: { 403: OWN_DATA },
  },
  "POST /enroll": {
    tag: "Learning",
    summary: "Enrol in a course",
    description: "Idempotent: 201 the first time, 200 after. `user_id` defaults to the caller.",
    access: "signed-in",
    body: { json: enrollSchema },
    responses: {
      200: { description: "Already enrolled.", schema: enrollResponse },
      201: { description: "Enrolled.", schema: enrollResponse },
    },
    errors: { 403: OWN_DATA, 404: "No such course (or user)." },
  },
  "GET /courses/:id": {
    tag: "Learning",
    summary: "A course with your progress",
    description: "Every section and subsection title; a subsection's content only once it is unlocked for the caller (admins get everything).",
    access: "signed-in",
    path: idPath,
    responses: { 200: { description: "The course.", schema: courseDetail } },
    errors: { 404: "No such course (or someone else's personal course)." },
  },
  "PUT /courses/update_progress": {
    tag: "Learning",
    summary: "Save reading progress",
    description: "Progress never goes down and never exceeds what reading and quizzes earned; 99 at most until every quiz is passed.",
    access: "signed-in",
    body: { json: updateProgressSchema },
    responses: { 200: { description: "The stored progress.", schema: progressResponse } },
    errors: {
      403: OWN_DATA,
      404: "No such course.",
      409: "Not enrolled; lower than stored; more than earned; or the position is still locked.",
      422: "The position does not exist in this course.",
    },
  },
  "GET /section-quizzes": {
    tag: "Learning",
    summary: "A section's quiz",
    description: "One attempt's questions without the answer key, missed ones first.",
    access: "signed-in",
    query: sectionQuizQuery,
    responses: { 200: { description: "The questions.", schema: quizQuestionList } },
    errors: { 404: "No such course, section or quiz.", 409: SECTION_CLOSED },
  },
  "POST /courses/:id/sections/:sectionIndex/quiz-check": {
    tag: "Learning",
    summary: "Check one answer",
    description: "Right or wrong, with the hint when wrong; never the right option. Records nothing. 60 checks per learner per 10 minutes.",
    access: "signed-in",
    path: sectionPath,
    body: { json: quizCheckSchema },
    responses: { 200: { description: "Right or wrong.", schema: answerCheck } },
    errors: {
      404: "No such course or section.",
      409: SECTION_CLOSED,
      422: "The question is not in this section's quiz, or the answer is not one of its options.",
      429: "Too many checks; see Retry-After.",
    },
  },
  "POST /courses/:id/sections/:sectionIndex/quiz-complete": {
    tag: "Learning",
    summary: "Submit a quiz attempt",
    description: "Grades the answers on the server and records the attempt; a pass raises progress.",
    access: "signed-in",
    path: sectionPath,
    body: { json: quizSubmissionSchema },
    responses: { 200: { description: "The graded attempt.", schema: quizResult } },
    errors: {
      404: "No such course or section.",
      409: SECTION_CLOSED,
      422: "Questions not in this quiz, answered twice, or too few answers.",
    },
  },
  "GET /users/me/mastery": {
    tag: "Learning",
    summary: "Your mastery per concept",
    description: "Every concept of the caller's enrolled courses with its mastery (Elo-style estimate, 0..1) and level, weakest first per course.",
    access: "signed-in",
    responses: { 200: { description: "The caller's concepts.", schema: masteryList } },
  },
  "GET /review/due": {
    tag: "Learning",
    summary: "Review cards due now",
    description: "The caller's spaced-review cards due now (FSRS), without answer keys, how many are due, and when the next one is.",
    access: "signed-in",
    query: dueCardsQuery,
    responses: { 200: { description: "Due cards.", schema: dueCards } },
  },
  "POST /review/answer": {
    tag: "Learning",
    summary: "Answer a review card",
    description: "Grades the answer, reschedules the card and updates mastery; course progress never changes.",
    access: "signed-in",
    body: { json: reviewAnswerSchema },
    responses: { 200: { description: "The graded answer with its explanation and lesson.", schema: reviewAnswer } },
    errors: { 404: "No such card among the caller's.", 429: "Too many review answers; try again later." },
  },
};
