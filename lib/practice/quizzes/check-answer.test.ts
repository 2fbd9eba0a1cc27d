import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, enrollments, quizDraws, quizQuestions } from "../../../db/schema";
import { sideConnection } from "../../../tests/harness/cut-connection";
import { createUser } from "../../../tests/harness/http";
import { answerKey } from "../../../tests/harness/quiz-key";
import { openQuizAttempt } from "./attempt";
import { checkQuizAnswer } from "./check-answer";

/*
 * What decides a try (the item and its question's key) is read inside the transaction that
 * records it, after the attempt's lock: an editor's change of the key that lands while the try
 * waits for that lock is the key it is graded by.
 */

const NOW = new Date("2026-03-02T09:00:00.000Z");

describe("a quiz-check racing an edit of the question's key", () => {
  let courseId: number;
  beforeAll(async () => {
    const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
    courseId = course!.id;
  });

  it("grades the try by the key committed before it got the attempt's lock", async () => {
    const { user } = await createUser();
    await getDb().insert(enrollments).values({ userId: user.id, courseId, progress: 0 });
    const { questions } = await openQuizAttempt(getDb(), user.id, courseId, 0, NOW);
    const questionId = questions[0]!.id;
    const { correctAnswer: oldKey, options } = (await answerKey([questionId])).get(questionId)!;
    const newKey = options.find((o) => o !== oldKey)!;
    const [draw] = await getDb().select({ id: quizDraws.id }).from(quizDraws).where(eq(quizDraws.userId, user.id));

    // Another try of this learner holds the attempt's lock while the editor's change commits; a
    // second connection watches (outside a transaction, so each look sees the activity afresh).
    const [holder, watcher] = await Promise.all([sideConnection(), sideConnection()]);
    try {
      await holder.client.query("BEGIN");
      await holder.client.query("SELECT 1 FROM quiz_draws WHERE id = $1 FOR UPDATE", [draw!.id]);
      const check = checkQuizAnswer(getDb(), user.id, courseId, 0, questionId, newKey, NOW);
      check.catch(() => undefined);
      await watcher.waiterOn("SELECT 1 FROM quiz_draws WHERE user_id = $1%FOR UPDATE");
      await getDb().update(quizQuestions).set({ correctAnswer: newKey }).where(eq(quizQuestions.id, questionId));
      await holder.client.query("COMMIT");

      const feedback = await check;
      expect(feedback).toMatchObject({ question_id: questionId, correct: true, first_try_correct: true, final: true, correct_answer: newKey, hint: null });
    } finally {
      await holder.client.query("ROLLBACK").catch(() => undefined);
      await Promise.all([holder.close(), watcher.close()]);
      await getDb().update(quizQuestions).set({ correctAnswer: oldKey }).where(eq(quizQuestions.id, questionId));
    }
  });
});
