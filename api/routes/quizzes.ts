import { learnerNow } from "@/lib/review/clock";
import { checkQuizAnswer } from "@/lib/quizzes/check-answer";
import { getSectionQuiz, submitQuizAttempt } from "@/lib/quizzes/section-quiz";
import { quizSubmissionSchema, sectionQuizQuery } from "@/lib/validation/learning";
import { sectionPath } from "@/lib/validation/params";
import { quizCheckSchema } from "@/lib/validation/quizzes";
import { answerCheck, quizQuestionList, quizResult } from "@/lib/validation/responses/learning";
import { endpoint } from "../endpoint";

/* Section quizzes: an attempt's questions, checking one answer, and grading an attempt. */

const SECTION_CLOSED = "Not enrolled, an earlier section's quiz is not passed yet, or the section or its quiz is still being written.";

export const getSectionQuizEndpoint = endpoint(
  {
    method: "GET",
    path: "/section-quizzes",
    access: "signed-in",
    tag: "Learning",
    summary: "A section's quiz",
    description: "One attempt's questions without the answer key, missed ones first.",
    query: sectionQuizQuery,
    responses: { 200: { description: "The questions.", schema: quizQuestionList } },
    errors: { 404: "No such course, section or quiz.", 409: SECTION_CLOSED },
  },
  async (c) => {
    const { course_id, section_index } = c.req.valid("query");
    return c.json(await getSectionQuiz(c.var.caller.id, course_id, section_index));
  },
);

// A bad section index is a 404 "This course has no such section." (lib/validation/params.ts sectionPath).
export const checkQuizAnswerEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/sections/:sectionIndex/quiz-check",
    access: "signed-in",
    tag: "Learning",
    summary: "Check one answer",
    description: "Right or wrong, with the hint when wrong; never the right option. Records nothing. 60 checks per learner per 10 minutes.",
    params: sectionPath,
    body: { json: quizCheckSchema },
    responses: { 200: { description: "Right or wrong.", schema: answerCheck } },
    errors: {
      404: "No such course or section.",
      409: SECTION_CLOSED,
      422: "The question is not in this section's quiz, or the answer is not one of its options.",
      429: "Too many checks; see Retry-After.",
    },
  },
  async (c) => {
    const { id, sectionIndex } = c.req.valid("param");
    const { question_id, answer } = c.req.valid("json");
    return c.json(await checkQuizAnswer(c.var.caller.id, id, sectionIndex, question_id, answer));
  },
);

export const submitQuizAttemptEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/sections/:sectionIndex/quiz-complete",
    access: "signed-in",
    tag: "Learning",
    summary: "Submit a quiz attempt",
    description: "Grades the answers on the server and records the attempt; a pass raises progress.",
    params: sectionPath,
    body: { json: quizSubmissionSchema },
    responses: { 200: { description: "The graded attempt.", schema: quizResult } },
    errors: {
      404: "No such course or section.",
      409: SECTION_CLOSED,
      422: "Questions not in this quiz, answered twice, or too few answers.",
    },
  },
  async (c) => {
    const { id: userId } = c.var.caller;
    const { id, sectionIndex } = c.req.valid("param");
    return c.json(await submitQuizAttempt(userId, id, sectionIndex, c.req.valid("json").answers, learnerNow(userId)));
  },
);
