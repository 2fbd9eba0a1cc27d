import { getDb } from "@/db/client";
import { learnerNow } from "@/lib/practice/review/clock";
import { openQuizAttempt } from "@/lib/practice/quizzes/attempt";
import { checkQuizAnswer } from "@/lib/practice/quizzes/check-answer";
import { toQuizResult } from "@/lib/practice/quizzes/serialize";
import { submitQuizAttempt } from "@/lib/practice/quizzes/submit-attempt";
import { sectionPath } from "@/lib/platform/schemas/params";
import { quizCheckSchema, quizSubmissionSchema, sectionQuizQuery } from "@/lib/practice/quizzes/schemas";
import { answerCheck, quizAttempt, quizQuestionList, quizResult } from "@/lib/practice/quizzes/responses";
import { endpoint } from "../endpoint";

/*
 * Section quizzes (docs/product-rules.md, "Practice"): the attempt under way (its items, and
 * whether it counts), one try at one item, and grading the attempt.
 */

const SECTION_CLOSED = "Not enrolled, an earlier section's quiz is not passed yet, or the section or its quiz is still being written.";

export const getSectionQuizEndpoint = endpoint(
  {
    method: "GET",
    path: "/section-quizzes",
    access: "signed-in",
    tag: "Learning",
    summary: "A section's quiz",
    description:
      "The items of the caller's attempt under way, drawn when none is: per concept an item whose key the caller has not seen, options shuffled for this attempt; no key. The same items until the attempt is submitted.",
    query: sectionQuizQuery,
    responses: { 200: { description: "The questions.", schema: quizQuestionList } },
    errors: { 404: "No such course, section or quiz.", 409: SECTION_CLOSED },
  },
  async (c) => {
    const { id } = c.var.caller;
    const { course_id, section_index } = c.req.valid("query");
    return c.json((await openQuizAttempt(getDb(), id, course_id, section_index, learnerNow(id))).questions);
  },
);

// A bad section index is a 404 "This course has no such section." (lib/platform/schemas/params.ts sectionPath).
export const getQuizAttemptEndpoint = endpoint(
  {
    method: "GET",
    path: "/courses/:id/sections/:sectionIndex/quiz-attempt",
    access: "signed-in",
    tag: "Learning",
    summary: "The attempt under way",
    description: "Whether the caller's attempt under way counts toward a pass (and if not, when one will), and each item's tries and feedback so far; drawn when none is.",
    params: sectionPath,
    responses: { 200: { description: "The attempt.", schema: quizAttempt } },
    errors: { 404: "No such course, section or quiz.", 409: SECTION_CLOSED },
  },
  async (c) => {
    const { id: userId } = c.var.caller;
    const { id, sectionIndex } = c.req.valid("param");
    return c.json((await openQuizAttempt(getDb(), userId, id, sectionIndex, learnerNow(userId))).attempt);
  },
);

export const checkQuizAnswerEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/sections/:sectionIndex/quiz-check",
    access: "signed-in",
    tag: "Learning",
    summary: "Answer one item",
    description:
      "One try at one item of the attempt under way. Right first time, or a second try after a miss, makes the item final: the answer then carries the right option, why, and the concept. A first miss gets the hint and one more try. 120 tries per learner per 10 minutes.",
    params: sectionPath,
    body: { json: quizCheckSchema },
    responses: { 200: { description: "Feedback on the try.", schema: answerCheck } },
    errors: {
      404: "No such course or section.",
      409: SECTION_CLOSED,
      422: "The question is not in the attempt under way, the answer is not one of its options, or a second try repeats the first.",
      429: "Too many tries; see Retry-After.",
    },
  },
  async (c) => {
    const { id: userId } = c.var.caller;
    const { id, sectionIndex } = c.req.valid("param");
    const { question_id, answer } = c.req.valid("json");
    return c.json(await checkQuizAnswer(getDb(), userId, id, sectionIndex, question_id, answer, learnerNow(userId)));
  },
);

export const submitQuizAttemptEndpoint = endpoint(
  {
    method: "POST",
    path: "/courses/:id/sections/:sectionIndex/quiz-complete",
    access: "signed-in",
    tag: "Learning",
    summary: "Submit a quiz attempt",
    description:
      "Grades the attempt under way on each item's first try (items left out are missed) and records it; it passes when it counted and every first try was right, and a first pass raises progress. Without a body (or answers) it grades only an attempt answered item by item, else answers with the section's passing attempt.",
    params: sectionPath,
    body: { json: quizSubmissionSchema, optional: true },
    responses: { 200: { description: "The graded attempt.", schema: quizResult } },
    errors: {
      404: "No such course or section.",
      409: `${SECTION_CLOSED} Or, without answers: no passing attempt yet.`,
      422: "Questions not in the attempt under way, answered twice, or an answer that is not one of the options.",
    },
  },
  async (c) => {
    const { id: userId } = c.var.caller;
    const { id, sectionIndex } = c.req.valid("param");
    return c.json(toQuizResult(await submitQuizAttempt(getDb(), userId, id, sectionIndex, c.req.valid("json").answers, learnerNow(userId))));
  },
);
