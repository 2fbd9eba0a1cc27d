import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizQuestions, quizReveals, rateLimits, reviewCards } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { answerKey, answersWithMisses, rightAnswersFor } from "../../../tests/harness/quiz-key";
import { handlerOf } from "../../../tests/api/routes";
import { learnerProfile } from "../../authoring/generation/personalise";
import { conceptKey } from "../mastery/model";
import { loadQuestionFacts } from "../mastery/question-facts";
import { itemDifficulties, recordAnswers } from "../mastery/record-answers";
import { listRecommendations } from "../recommendations/recommend";
import { NOT_THIS_CARDS_ITEM, REVIEW_ANSWER_LIMIT } from "./answer-card";
import { listDueCards } from "./due-cards";
import { RECENTLY_RIGHT_MS } from "./recently-right";

/*
 * Adaptive review through the API, as a fresh learner: a quiz with one wrong answer explains the miss
 * with its lesson, the miss is due for review at once (without its key), a right review answer
 * schedules it for later, and mastery lists its concept. Reviews never touch course progress,
 * and a learner reviews only their own cards.
 */

type Learner = Awaited<ReturnType<typeof createUser>>;
type Lesson = { course_id: number; section_index: number; subsection_index: number; title: string };
type Result = { question_id: number; correct: boolean; hint: string | null; correct_answer: string; explanation: string | null; lesson: Lesson };
type Concept = { concept: string; course_id: number; level: string; mastery: number };
type Card = { card_id: number; question_id: number; options: string[]; course_id: number };

const enroll = handlerOf("POST /enroll");
const sectionQuizzes = handlerOf("GET /section-quizzes");
const quizComplete = handlerOf("POST /courses/{id}/sections/{sectionIndex}/quiz-complete");
const reviewDue = handlerOf("GET /review/due");
const reviewAnswer = handlerOf("POST /review/answer");
const mastery = handlerOf("GET /users/me/mastery");

let courseId: number;

beforeAll(async () => {
  const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
  courseId = course!.id;
});

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

/** A fresh learner who took section 1's quiz and missed its first question only. */
async function missedOne(): Promise<{ learner: Learner; missed: number; results: Result[] }> {
  const learner = await createUser();
  expect((await call(enroll, { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
  const quiz = await call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
  const answers = await answersWithMisses(quiz.body, (i) => i === 0);
  const result = await call(quizComplete, { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
  expect(result.status).toBe(200);
  expect(result.body.passed).toBe(false);
  return { learner, missed: answers[0]!.question_id, results: result.body.results };
}

const due = (learner: Learner, query = "") => call(reviewDue, { token: learner.token, path: `/review/due${query}` });
const answerCard = (learner: Learner, card_id: number, answer: string) => call(reviewAnswer, { token: learner.token, json: { card_id, answer } });

async function progressOf(learner: Learner) {
  const [row] = await getDb().select({ progress: enrollments.progress }).from(enrollments).where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
  return row!.progress;
}

describe("Must show: a fresh learner's miss, explained, reviewed and mastered through the API", () => {
  it("quiz-complete explains the miss, review/due lists it at once without its key, a right answer schedules it later, and mastery lists its concept", async () => {
    const { learner, missed, results } = await missedOne();

    // 1. The result explains the missed question with its lesson.
    const [question] = await getDb()
      .select({ concept: quizQuestions.concept, explanation: quizQuestions.explanation, subsection: quizQuestions.subsectionIndex, sectionId: quizQuestions.sectionId })
      .from(quizQuestions)
      .where(eq(quizQuestions.id, missed));
    const [lesson] = await getDb()
      .select({ title: courseSubsections.title })
      .from(courseSubsections)
      .where(and(eq(courseSubsections.sectionId, question!.sectionId), eq(courseSubsections.position, question!.subsection!)));
    const key = (await answerKey([missed])).get(missed)!;
    const miss = results.find((r) => r.question_id === missed)!;
    expect(miss).toEqual({
      question_id: missed,
      answer: expect.any(String),
      concept: question!.concept,
      level: "struggling",
      level_before: "new",
      correct: false,
      hint: key.hint,
      correct_answer: key.correctAnswer,
      explanation: question!.explanation,
      lesson: { course_id: courseId, section_index: 0, subsection_index: question!.subsection, title: lesson!.title },
      source: null, // a course written without sources
    });
    expect(question!.explanation!.length).toBeGreaterThan(20);

    // 2. The miss is due at once, with its question and options but no key.
    const listed = await due(learner);
    expect(listed.status).toBe(200);
    expect(listed.body.due_count).toBe(1);
    const card = listed.body.cards[0];
    // No concept before the answer: naming it would give the answer away.
    expect(Object.keys(card).sort()).toEqual(["card_id", "course_id", "course_title", "options", "question", "question_id"]);
    expect(card).toMatchObject({ question_id: missed, course_id: courseId, course_title: "Python Basics" });
    expect([...card.options].sort()).toEqual([...key.options].sort());
    expect(JSON.stringify(listed.body)).not.toContain(key.hint!);
    // The questions answered right are cards too, due later: the next one is announced.
    expect(new Date(listed.body.next_due_at).getTime()).toBeGreaterThan(Date.now());

    // 3. The right answer: correct, due again in the future, the concept and its level moved; progress untouched.
    const progress = await progressOf(learner);
    const answered = await answerCard(learner, card.card_id, key.correctAnswer);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      correct: true,
      correct_answer: key.correctAnswer,
      explanation: question!.explanation,
      lesson: miss.lesson,
      next_due_at: expect.any(String),
      concept: question!.concept,
      mastery: expect.any(Number),
      level_before: "struggling",
      level: "learning",
    });
    expect(new Date(answered.body.next_due_at).getTime()).toBeGreaterThan(Date.now());
    expect(await progressOf(learner)).toBe(progress);
    expect((await due(learner)).body.due_count).toBe(0);

    // 4. Mastery lists the concept, moved up by the right answer but not yet mastered.
    const concepts = (await call(mastery, { token: learner.token })).body.concepts as Concept[];
    const row = concepts.find((c) => c.concept === question!.concept);
    expect(row).toEqual({
      concept: question!.concept,
      course_id: courseId,
      course_title: "Python Basics",
      section_index: 0,
      subsection_index: question!.subsection,
      lesson_title: lesson!.title,
      mastery: expect.any(Number),
      level: "learning",
      last_answered_at: expect.any(String),
    });
    expect(row!.mastery).toBe(answered.body.mastery);
    // Concepts of the course not answered yet are listed as new; the others answered right as learning.
    expect(concepts.some((c) => c.level === "new" && c.course_id === courseId)).toBe(true);
  });

  it("a wrong review answer is due again after the relearning step and keeps the concept struggling", async () => {
    const { learner, missed } = await missedOne();
    const card = (await due(learner)).body.cards[0];
    const key = (await answerKey([missed])).get(missed)!;
    const wrong = await answerCard(learner, card.card_id, key.options.find((o) => o !== key.correctAnswer)!);
    expect(wrong.body.correct).toBe(false);
    expect(wrong.body.correct_answer).toBe(key.correctAnswer);
    expect(wrong.body).toMatchObject({ level_before: "struggling", level: "struggling" });
    const minutes = (new Date(wrong.body.next_due_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(8);
    expect(minutes).toBeLessThanOrEqual(10);
    const [question] = await getDb().select({ concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.id, missed));
    const concept = (await call(mastery, { token: learner.token })).body.concepts.find((c: Concept) => c.concept === question!.concept);
    expect(concept.level).toBe("struggling");
    expect(concept.mastery).toBe(wrong.body.mastery);
  });
});

describe("review cards are their owner's alone", () => {
  it("another learner's card is a 404, writes nothing, and never shows in their due list", async () => {
    const { learner, missed } = await missedOne();
    const card = (await due(learner)).body.cards[0];
    const other = await createUser();
    const key = (await answerKey([missed])).get(missed)!;
    const before = await getDb().select().from(reviewCards).where(eq(reviewCards.id, card.card_id));
    const res = await answerCard(other, card.card_id, key.correctAnswer);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Review card not found." });
    expect(await getDb().select().from(reviewCards).where(eq(reviewCards.id, card.card_id))).toEqual(before);
    expect((await due(other)).body).toEqual({ due_count: 0, next_due_at: null, cards: [] });
    expect((await call(mastery, { token: other.token })).body).toEqual({ concepts: [] });
  });

  it.each([
    ["an answer that is not an option", (card: Card) => ({ card_id: card.card_id, answer: "none of these" }), 422],
    ["no answer", (card: Card) => ({ card_id: card.card_id }), 422],
    ["a card id as text", (card: Card) => ({ card_id: String(card.card_id), answer: card.options[0] }), 422],
    ["a card that does not exist", (card: Card) => ({ card_id: 999_999_999, answer: card.options[0] }), 404],
  ])("refuses %s", async (_name, body, status) => {
    const { learner } = await missedOne();
    const card = (await due(learner)).body.cards[0];
    const res = await call(reviewAnswer, { token: learner.token, json: body(card) });
    expect(res.status).toBe(status);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it.each([["?limit=0"], ["?limit=101"], ["?limit=abc"]])("GET /review/due%s is a 422", async (query) => {
    const learner = await createUser();
    expect((await due(learner, query)).status).toBe(422);
  });

  it("limit caps the cards, not the count", async () => {
    const learner = await createUser();
    await call(enroll, { token: learner.token, json: { course_id: courseId } });
    const quiz = await call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
    const answers = await answersWithMisses(quiz.body);
    await call(quizComplete, { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
    const listed = await due(learner, "?limit=2");
    expect(listed.body.due_count).toBe(answers.length);
    expect(listed.body.cards).toHaveLength(2);
  });

  it(`review answers are limited to ${REVIEW_ANSWER_LIMIT.max} per learner in ${REVIEW_ANSWER_LIMIT.windowSeconds / 60} minutes`, async () => {
    const { learner, missed } = await missedOne();
    const card = (await due(learner)).body.cards[0];
    const key = (await answerKey([missed])).get(missed)!;
    await getDb().insert(rateLimits).values({ key: `${REVIEW_ANSWER_LIMIT.name}:${learner.user.id}`, windowStart: new Date(), count: REVIEW_ANSWER_LIMIT.max });
    const limited = await answerCard(learner, card.card_id, key.correctAnswer);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/** Takes section 1's quiz of a course (enrolling first when asked) and misses every item: each miss is due at once. */
async function missAll(learner: Learner, course: number, enrol = true): Promise<number[]> {
  if (enrol) expect((await call(enroll, { token: learner.token, json: { course_id: course } })).status).toBe(201);
  const quiz = await call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${course}&section_index=0` });
  const answers = await answersWithMisses(quiz.body);
  expect((await call(quizComplete, { token: learner.token, params: { id: String(course), sectionIndex: "0" }, json: { answers } })).status).toBe(200);
  return answers.map((a) => a.question_id);
}

const courseIdOf = async (title: string) => (await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, title)))[0]!.id;

/** Each card's own question, concept (course and key) and due time, from the database. */
async function cardFacts(cardIds: number[]) {
  const rows = await getDb()
    .select({ id: reviewCards.id, questionId: reviewCards.questionId, due: reviewCards.due, concept: quizQuestions.concept, sectionId: quizQuestions.sectionId, courseId: courseSections.courseId })
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .where(inArray(reviewCards.id, cardIds));
  return new Map(rows.map((r) => [r.id, { ...r, key: `${r.courseId}:${conceptKey(r.concept!)}` }]));
}

const revealedTo = async (learner: Learner) =>
  new Set((await getDb().select({ id: quizReveals.questionId }).from(quizReveals).where(eq(quizReveals.userId, learner.user.id))).map((r) => r.id));

/** The other items of a question's concept (same section, same concept key). */
async function siblingsOf(questionId: number): Promise<number[]> {
  const [own] = await getDb().select({ sectionId: quizQuestions.sectionId, concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.id, questionId));
  const pool = await getDb().select({ id: quizQuestions.id, concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.sectionId, own!.sectionId));
  return pool.filter((q) => q.id !== questionId && conceptKey(q.concept!) === conceptKey(own!.concept!)).map((q) => q.id);
}

describe("a review session: short, one card per concept, interleaved across courses", () => {
  it("holds at most one card per concept (its most overdue), alternates two courses, stops at 10, and shows only items the learner has seen", async () => {
    const learner = await createUser();
    const python = courseId;
    const js = await courseIdOf("JavaScript Fundamentals");
    // Python Basics twice (each of its 5 concepts has two due cards, the first attempt's older), JavaScript once.
    await missAll(learner, python);
    await missAll(learner, python, false);
    await missAll(learner, js);

    const listed = await due(learner);
    expect(listed.body.due_count).toBe(15);
    const cards = listed.body.cards as Card[];
    const facts = await cardFacts(cards.map((c) => c.card_id));
    const keys = cards.map((c) => facts.get(c.card_id)!.key);
    expect(cards).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
    // Two courses, five concepts each: strictly alternating, the course with the oldest miss first.
    expect(cards.map((c) => c.course_id)).toEqual([python, js, python, js, python, js, python, js, python, js]);
    // Per concept the most overdue card: every Python card is from the first attempt, due before the second's.
    const all = await getDb().select({ id: reviewCards.id }).from(reviewCards).where(eq(reviewCards.userId, learner.user.id));
    const every = await cardFacts(all.map((r) => r.id));
    for (const card of cards) {
      const mine = facts.get(card.card_id)!;
      const sameConcept = [...every.values()].filter((f) => f.key === mine.key);
      expect(mine.due.getTime()).toBe(Math.min(...sameConcept.map((f) => f.due.getTime())));
    }
    const seen = await revealedTo(learner);
    for (const card of cards) expect(seen.has(card.question_id)).toBe(true);

    // A third course: still 10 cards, one per concept, no two of a course in a row; without the cap, one per concept (15).
    await missAll(learner, await courseIdOf("SQL Essentials"));
    const three = (await due(learner)).body.cards as Card[];
    expect(three).toHaveLength(10);
    expect(new Set([...(await cardFacts(three.map((c) => c.card_id))).values()].map((f) => f.key)).size).toBe(10);
    for (let i = 1; i < three.length; i++) expect(three[i]!.course_id).not.toBe(three[i - 1]!.course_id);
    const uncapped = (await due(learner, "?limit=100")).body;
    expect(uncapped.due_count).toBe(20);
    expect(uncapped.cards).toHaveLength(15);
  });

  it("a card shows another item of its concept once the learner has seen one, grades against it, and never shows an unseen item", async () => {
    const { learner, missed } = await missedOne();
    const siblings = await siblingsOf(missed);
    expect(siblings.length).toBeGreaterThan(0);
    // Before the learner has seen another item of the concept, the card shows its own question.
    const first = (await due(learner)).body.cards[0] as Card;
    expect(first.question_id).toBe(missed);

    // A second attempt, answered right, shows the concept's other item(s).
    const quiz = await call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
    const retry = await call(quizComplete, { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers: await rightAnswersFor(quiz.body) } });
    expect(retry.status).toBe(200);
    const seen = await revealedTo(learner);
    expect(siblings.some((id) => seen.has(id))).toBe(true);

    // Right after the retry the card still shows its own question: the variants were answered
    // right minutes ago (./recently-right.ts). An hour on, it shows one of them.
    expect(((await due(learner)).body.cards as Card[]).find((c) => c.card_id === first.card_id)!.question_id).toBe(missed);
    const anHourOn = new Date(Date.now() + RECENTLY_RIGHT_MS + 60_000);
    const card = (await listDueCards(getDb(), learner.user.id, anHourOn)).cards.find((c) => c.card_id === first.card_id)!;
    expect(card.question_id).not.toBe(missed);
    expect(siblings).toContain(card.question_id);
    expect(seen.has(card.question_id)).toBe(true);
    const variant = (await answerKey([card.question_id])).get(card.question_id)!;
    expect([...card.options].sort()).toEqual([...variant.options].sort());

    const [revealedBefore] = await getDb().select().from(quizReveals).where(and(eq(quizReveals.userId, learner.user.id), eq(quizReveals.questionId, card.question_id)));
    const [variantCardBefore] = await getDb().select().from(reviewCards).where(and(eq(reviewCards.userId, learner.user.id), eq(reviewCards.questionId, card.question_id)));
    const answered = await call(reviewAnswer, { token: learner.token, json: { card_id: card.card_id, question_id: card.question_id, answer: variant.correctAnswer } });
    expect(answered.status).toBe(200);
    const [concept] = await getDb().select({ concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.id, missed));
    expect(answered.body).toMatchObject({ correct: true, correct_answer: variant.correctAnswer, concept: concept!.concept });
    // The card answered moves on; the variant's own card does not; the variant's reveal time does.
    const [cardAfter] = await getDb().select().from(reviewCards).where(eq(reviewCards.id, card.card_id));
    expect(cardAfter!.due.getTime()).toBeGreaterThan(Date.now());
    expect(cardAfter!.reps).toBe(2);
    const [variantCardAfter] = await getDb().select().from(reviewCards).where(eq(reviewCards.id, variantCardBefore!.id));
    expect(variantCardAfter).toEqual(variantCardBefore);
    const [revealedAfter] = await getDb().select().from(quizReveals).where(and(eq(quizReveals.userId, learner.user.id), eq(quizReveals.questionId, card.question_id)));
    expect(revealedAfter!.revealedAt.getTime()).toBeGreaterThan(revealedBefore!.revealedAt.getTime());
  });

  it("a review of one concept on demand lists its cards, due or not, each showing a different seen item", async () => {
    const learner = await createUser();
    const first = await missAll(learner, courseId);
    await missAll(learner, courseId, false);
    const [question] = await getDb().select({ concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.id, first[0]!));
    const listed = await listDueCards(getDb(), learner.user.id, new Date(), 10, { courseId, conceptKey: conceptKey(question!.concept!) });
    const facts = await cardFacts(listed.cards.map((c) => c.card_id));
    expect(listed.cards).toHaveLength(2);
    expect(new Set([...facts.values()].map((f) => f.key))).toEqual(new Set([`${courseId}:${conceptKey(question!.concept!)}`]));
    expect(new Set(listed.cards.map((c) => c.question_id)).size).toBe(2);
    const seen = await revealedTo(learner);
    for (const card of listed.cards) expect(seen.has(card.question_id)).toBe(true);
  });

  it.each([
    ["an unseen item of the card's concept", async (missed: number, learner: Learner) => {
      const seen = await revealedTo(learner);
      return (await siblingsOf(missed)).find((id) => !seen.has(id))!;
    }],
    ["a seen item of another concept", async (missed: number, learner: Learner) => {
      const siblings = await siblingsOf(missed);
      return [...(await revealedTo(learner))].find((id) => id !== missed && !siblings.includes(id))!;
    }],
    ["a question that does not exist", async () => 999_999_999],
  ])("answering with %s as question_id is a 422 that changes nothing", async (_name, pick) => {
    const { learner, missed } = await missedOne();
    const card = (await due(learner)).body.cards[0] as Card;
    const questionId = await pick(missed, learner);
    expect(questionId).toEqual(expect.any(Number));
    expect(questionId).not.toBe(missed);
    const before = await getDb().select().from(reviewCards).where(eq(reviewCards.userId, learner.user.id));
    const key = (await answerKey([questionId])).get(questionId);
    const res = await call(reviewAnswer, { token: learner.token, json: { card_id: card.card_id, question_id: questionId, answer: key?.correctAnswer ?? card.options[0] } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(NOT_THIS_CARDS_ITEM);
    expect(await getDb().select().from(reviewCards).where(eq(reviewCards.userId, learner.user.id))).toEqual(before);
  });
});

describe("question difficulty from every learner's first answers", () => {
  it("a question most learners missed first time counts as hard: a right answer on it raises mastery more", async () => {
    // Two learners miss the same question first time, then answer it right in review: the second
    // one's question has one more first-answer miss behind it, so the same right answer is worth
    // more. Quiz attempts are drawn at random, so the second miss is recorded the way quiz-complete
    // records it (recordAnswers) on the first learner's question.
    const first = await missedOne();
    const second = await createUser();
    const facts = await loadQuestionFacts(getDb(), [first.missed]);
    await getDb().transaction(async (tx) =>
      recordAnswers(tx, second.user.id, [{ questionId: first.missed, correct: false }], facts, await itemDifficulties(tx, [first.missed]), new Date(), "quiz", {
        items: [first.missed],
        right: [],
      }),
    );
    const key = (await answerKey([first.missed])).get(first.missed)!;
    const gains: number[] = [];
    for (const learner of [first.learner, second]) {
      const card = (await due(learner)).body.cards[0] as Card;
      expect(card.question_id).toBe(first.missed);
      gains.push((await answerCard(learner, card.card_id, key.correctAnswer)).body.mastery);
    }
    expect(gains[1]).toBeGreaterThan(gains[0]!);
  });
});

describe("recommendations and generation use mastery", () => {
  it("a personal course in the topic names the learner's weakest concepts there, and its level is held back to where they struggle", async () => {
    const { learner, missed } = await missedOne();
    const [question] = await getDb().select({ concept: quizQuestions.concept }).from(quizQuestions).where(eq(quizQuestions.id, missed));
    const [course] = await getDb().select({ topicId: courses.topicId }).from(courses).where(eq(courses.id, courseId));
    const profile = await learnerProfile(getDb(), learner.user.id, course!.topicId);
    expect(profile.text).toContain(`Weakest concepts in this topic (teach these first`);
    expect(profile.text).toContain(`${question!.concept} (Python Basics, mastery `);
    expect(profile.level).toBe("Beginner");
    // Another topic's course is not told about this one's weak spots.
    const other = await learnerProfile(getDb(), learner.user.id, course!.topicId + 100_000);
    expect(other.text).not.toContain("Weakest concepts");
  });

  it("a learner struggling in a topic is recommended that topic's easier course before a harder one", async () => {
    // Asynchronous JavaScript (Intermediate): section 1 passed, which alone would aim the topic at
    // Advanced; section 2 failed, so its concepts are struggling and JavaScript Fundamentals
    // (Beginner) moves ahead of another topic's Intermediate course.
    const learner = await createUser();
    const rows = await getDb().select({ id: courses.id, title: courses.title }).from(courses);
    const asyncJs = rows.find((c) => c.title.startsWith("Asynchronous JavaScript"))!.id;
    await call(enroll, { token: learner.token, json: { course_id: asyncJs } });
    const take = async (sectionIndex: number, answersFor: (q: { id: number }[]) => Promise<{ question_id: number; answer: string }[]>) => {
      const quiz = await call(sectionQuizzes, { token: learner.token, path: `/section-quizzes?course_id=${asyncJs}&section_index=${sectionIndex}` });
      const res = await call(quizComplete, { token: learner.token, params: { id: String(asyncJs), sectionIndex: String(sectionIndex) }, json: { answers: await answersFor(quiz.body) } });
      expect(res.status).toBe(200);
    };
    await take(0, rightAnswersFor);
    const before = (await listRecommendations(getDb(), learner.user.id)).map((c) => c.course_title);
    await take(1, (q) => answersWithMisses(q));
    const after = (await listRecommendations(getDb(), learner.user.id)).map((c) => c.course_title);
    const fundamentals = (list: string[]) => list.indexOf("JavaScript Fundamentals");
    const neural = (list: string[]) => list.indexOf("Neural Networks from Scratch");
    expect(fundamentals(before)).toBeGreaterThan(neural(before));
    expect(fundamentals(after)).toBeLessThan(neural(after));
  });
});
