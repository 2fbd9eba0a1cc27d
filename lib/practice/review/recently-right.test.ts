import { and, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, enrollments, quizQuestions, quizReveals } from "../../../db/schema";
import { createUser } from "../../../tests/harness/http";
import { answerKey } from "../../../tests/harness/quiz-key";
import { conceptKey } from "../mastery/model";
import { openQuizAttempt } from "../quizzes/attempt";
import { checkQuizAnswer } from "../quizzes/check-answer";
import { toQuizResult } from "../quizzes/serialize";
import { submitQuizAttempt } from "../quizzes/submit-attempt";
import { answerReviewCard } from "./answer-card";
import { listDueCards } from "./due-cards";
import { answeredRightRecently, RECENTLY_RIGHT_MS, skipRecentlyRight } from "./recently-right";

/*
 * Review leaves alone, for an hour, an item the learner has just answered right (docs/product-rules.md,
 * "Mastery and spaced review"), unless nothing else is due. On a fixed clock: every lib call
 * takes `now`.
 */

const NOW = new Date("2026-03-02T09:00:00.000Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe("the rule", () => {
  it("an answer right within the hour is recent; at an hour or more, or never answered right, it is not", () => {
    expect(answeredRightRecently(NOW, later(5))).toBe(true);
    expect(answeredRightRecently(NOW, later(59))).toBe(true);
    expect(answeredRightRecently(NOW, new Date(NOW.getTime() + RECENTLY_RIGHT_MS))).toBe(false);
    expect(answeredRightRecently(NOW, later(61))).toBe(false);
    expect(answeredRightRecently(null, later(5))).toBe(false);
  });

  it("a session skips the recent cards while another is due, and serves them when nothing else is", () => {
    const cards = [
      { id: 1, recent: true },
      { id: 2, recent: false },
      { id: 3, recent: true },
      { id: 4, recent: false },
    ];
    expect(skipRecentlyRight(cards).map((c) => c.id)).toEqual([2, 4]);
    expect(skipRecentlyRight(cards.filter((c) => c.recent)).map((c) => c.id)).toEqual([1, 3]);
    expect(skipRecentlyRight([])).toEqual([]);
  });
});

describe("a review session after a quiz, on a fixed clock", () => {
  let courseId: number;
  beforeAll(async () => {
    const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
    courseId = course!.id;
  });

  /** A learner's quiz at NOW: the first item missed twice, the second missed then right on the second try, the rest right. */
  async function quizWithTwoMisses() {
    const { user } = await createUser();
    await getDb().insert(enrollments).values({ userId: user.id, courseId, progress: 0 });
    const { questions } = await openQuizAttempt(getDb(), user.id, courseId, 0, NOW);
    const key = await answerKey(questions.map((q) => q.id));
    const wrong = (id: number, n = 0) => key.get(id)!.options.filter((o) => o !== key.get(id)!.correctAnswer)[n]!;
    const [twice, second, ...rest] = questions.map((q) => q.id);
    await checkQuizAnswer(getDb(), user.id, courseId, 0, twice!, wrong(twice!), NOW);
    await checkQuizAnswer(getDb(), user.id, courseId, 0, twice!, wrong(twice!, 1), NOW);
    await checkQuizAnswer(getDb(), user.id, courseId, 0, second!, wrong(second!), NOW);
    const secondTry = await checkQuizAnswer(getDb(), user.id, courseId, 0, second!, key.get(second!)!.correctAnswer, NOW);
    expect(secondTry).toMatchObject({ correct: true, first_try_correct: false, final: true });
    for (const id of rest) await checkQuizAnswer(getDb(), user.id, courseId, 0, id, key.get(id)!.correctAnswer, NOW);
    const graded = toQuizResult(await submitQuizAttempt(getDb(), user.id, courseId, 0, [], NOW));
    // Both misses count: each is due for review at once.
    expect(graded.results.filter((r) => !r.correct).map((r) => r.question_id).sort()).toEqual([twice, second].sort());
    return { userId: user.id, twice: twice!, second: second!, key };
  }

  const shown = async (userId: number, at: Date) => (await listDueCards(getDb(), userId, at)).cards.map((c) => c.question_id);

  it("an item right on its second try stays out of review for an hour while another card is due, then comes back; alone, it is served", async () => {
    const { userId, twice, second, key } = await quizWithTwoMisses();

    // Five minutes on: both are due, but the one answered right five minutes ago is not served.
    const soon = await listDueCards(getDb(), userId, later(5));
    expect(soon.due_count).toBe(2);
    expect(soon.cards.map((c) => c.question_id)).toEqual([twice]);
    // An hour and a minute on: both are served.
    expect((await shown(userId, later(61))).sort()).toEqual([twice, second].sort());

    // The other card reviewed right: nothing else is due, so the recent one is served after all.
    await answerReviewCard(getDb(), userId, soon.cards[0]!.card_id, key.get(twice)!.correctAnswer, later(6));
    expect(await shown(userId, later(7))).toEqual([second]);
  });

  it("a due card shows its own item rather than another of its concept the learner has just answered right in a retry", async () => {
    const { userId, twice } = await quizWithTwoMisses();
    // The retry, two minutes on, asks other items of the missed concepts first: all answered right.
    const retry = await openQuizAttempt(getDb(), userId, courseId, 0, later(2));
    const retried = retry.questions.map((q) => q.id);
    const retryKey = await answerKey(retried);
    for (const id of retried) await checkQuizAnswer(getDb(), userId, courseId, 0, id, retryKey.get(id)!.correctAnswer, later(2));
    await submitQuizAttempt(getDb(), userId, courseId, 0, [], later(2));
    const facts = await getDb().select({ id: quizQuestions.id, concept: quizQuestions.concept }).from(quizQuestions).where(inArray(quizQuestions.id, [twice, ...retried]));
    const conceptOf = (id: number) => conceptKey(facts.find((f) => f.id === id)!.concept ?? "");
    expect(retried.some((id) => conceptOf(id) === conceptOf(twice)), "the retry asked the missed concept again").toBe(true);

    // The card missed twice is served with its own item; nothing answered right minutes ago is shown.
    const session = await listDueCards(getDb(), userId, later(5));
    expect(session.cards.map((c) => c.question_id)).toEqual([twice]);
  });

  it("a card whose own item was just answered right shows another item of its concept the learner has seen instead", async () => {
    const { userId, twice, second } = await quizWithTwoMisses();
    const [item] = await getDb()
      .select({ sectionId: quizQuestions.sectionId, concept: quizQuestions.concept })
      .from(quizQuestions)
      .where(eq(quizQuestions.id, second));
    const siblings = await getDb()
      .select({ id: quizQuestions.id, concept: quizQuestions.concept })
      .from(quizQuestions)
      .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
      .where(and(eq(quizQuestions.sectionId, item!.sectionId), ne(quizQuestions.id, second)));
    const sibling = siblings.find((s) => conceptKey(s.concept ?? "") === conceptKey(item!.concept ?? ""))!;
    expect(sibling, "the seed pool holds two items per concept").toBeDefined();
    // Seen three days earlier, and not answered right since.
    await getDb().insert(quizReveals).values({ userId, questionId: sibling.id, revealedAt: later(-3 * 24 * 60) }).onConflictDoNothing();

    expect((await shown(userId, later(5))).sort()).toEqual([twice, sibling.id].sort());
  });
});
