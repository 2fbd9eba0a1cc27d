import { and, asc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { credentialAccount } from "../../db/credential-account";
import {
  accounts,
  contentRegenerations,
  contentReports,
  courseRequests,
  courses,
  courseSections,
  courseSubsections,
  enrollments,
  notifications,
  quizDrawItems,
  quizDraws,
  quizQuestions,
  quizReveals,
  reviewCards,
  sourceFiles,
  sourcePassages,
  sources,
  topics,
  tutorConversations,
  tutorMessages,
  users,
  userTopics,
} from "../../db/schema";
import { hashPassword } from "../../lib/accounts/auth/password";
import { scheduleAnswer } from "../../lib/practice/review/scheduler";
import { getAuth } from "../../lib/accounts/auth/instance";
import { startSession } from "../../lib/accounts/auth/sessions";

/*
 * A small world for one API call: two learners (A and B), an admin, a fresh topic without
 * courses that all three chose as an interest, and the seeded "Python Basics" course they are
 * all enrolled in. Users are inserted with one shared password hash and get their sessions
 * started directly (no password check), so a world costs milliseconds and every call can have its own.
 */

export const WORLD_PASSWORD = "correct-horse-1";

export type Account = { id: number; email: string; role: "user" | "admin"; token: string; sessionId: number };

export type World = {
  a: Account;
  b: Account;
  admin: Account;
  /** A topic with no courses yet, among everyone's interests. */
  topicId: number;
  /** The seeded course (shared by all worlds; nothing here deletes it). */
  courseId: number;
  sectionIndex: number;
  /** Section 0's questions with their right answers: each account's attempt under way, and a passing submission of it. */
  quiz: { question_id: number; answer: string }[];
  /** An e-mail nobody has registered. */
  freshEmail: string;
  /** Each account's review card (user id -> card id): section 0's first question, missed, due now. */
  cards: Record<number, number>;
  /** Learner A's tutor conversation about section 0's first lesson. */
  conversationId: number;
  /** Learner A's own source, extracted (one passage). */
  sourceId: number;
  /** Learner A's course request on the world's topic, failed while it was planned (resumable). */
  courseRequestId: number;
  /** A course of this world alone for the publication calls: paused, its one section not approved (in no list). */
  reviewCourseId: number;
  /** Learner A's notification (their course is ready), unread. */
  notificationId: number;
  /**
   * This world's own small course (in a topic of its own) for the review screen's edits: one lesson
   * and one quiz item, at version 0; a second lesson whose regeneration waits for review; and a
   * fresh variant waiting for review.
   */
  review: { courseId: number; subsectionId: number; questionId: number; regenerationId: number; variantId: number };
};

let passwordHash: Promise<string> | undefined;
let counter = 0;
let seeded: Promise<{ courseId: number; quiz: (World["quiz"][number] & { options: string[] })[] }> | undefined;

const unique = () => `${process.pid}-${Date.now()}-${++counter}`;

export async function quickAccount(role: "user" | "admin" = "user"): Promise<Account> {
  passwordHash ??= hashPassword(WORLD_PASSWORD);
  const email = `${role}-${unique()}@example.com`;
  const [user] = await getDb()
    .insert(users)
    .values({ firstName: "World", lastName: role, email, role, emailVerified: true })
    .returning({ id: users.id });
  await getDb().insert(accounts).values(credentialAccount(user!.id, await passwordHash));
  const session = await startSession(await getAuth().$context, user!.id, { address: "test", userAgent: "world" });
  return { id: user!.id, email, role, token: session.token, sessionId: Number(session.id) };
}

async function loadSeeded() {
  const db = getDb();
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
  const [section] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.courseId, course!.id), eq(courseSections.position, 0)));
  const questions = await db
    .select({ question_id: quizQuestions.id, answer: quizQuestions.correctAnswer, options: quizQuestions.options })
    .from(quizQuestions)
    .where(eq(quizQuestions.sectionId, section!.id))
    .orderBy(asc(quizQuestions.position));
  return { courseId: course!.id, quiz: questions };
}

export async function createWorld(): Promise<World> {
  seeded ??= loadSeeded();
  const { courseId, quiz } = await seeded;
  const [a, b, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount("admin")]);
  const db = getDb();
  const [topic] = await db.insert(topics).values({ title: `World topic ${unique()}`, description: "For API tests." }).returning({ id: topics.id });
  const everyone = [a!, b!, admin!];
  await db.insert(userTopics).values(everyone.map((u) => ({ userId: u.id, topicId: topic!.id })));
  await db.insert(enrollments).values(everyone.map((u) => ({ userId: u.id, courseId })));
  // Each account has opened section 0's quiz: its attempt under way asks the first five items.
  const draws = await db
    .insert(quizDraws)
    .values(everyone.map((u) => ({ userId: u.id, courseId, sectionIndex: 0, countsTowardPass: true })))
    .returning({ id: quizDraws.id });
  await db.insert(quizDrawItems).values(draws.flatMap((d) => quiz.slice(0, 5).map((q, position) => ({ drawId: d.id, position, questionId: q.question_id, options: q.options }))));
  // The review card below is for an item the account answered: its key was shown.
  await db.insert(quizReveals).values(everyone.map((u) => ({ userId: u.id, questionId: quiz[0]!.question_id, revealedAt: new Date() })));
  const missed = scheduleAnswer(null, false, new Date(), "quiz");
  const cards = await db
    .insert(reviewCards)
    .values(everyone.map((u) => ({ userId: u.id, questionId: quiz[0]!.question_id, ...missed, firstCorrect: false })))
    .returning({ id: reviewCards.id, userId: reviewCards.userId });
  const [conversation] = await db
    .insert(tutorConversations)
    .values({ userId: a!.id, courseId, sectionIndex: 0, subsectionIndex: 0, title: "What is a variable?" })
    .returning({ id: tutorConversations.id });
  await db.insert(tutorMessages).values({ conversationId: conversation!.id, role: "learner", content: "What is a variable?", status: "complete" });
  const text = `Learner ${a!.id}'s notes: a variable names a value.`;
  const [source] = await db
    .insert(sources)
    .values({ ownerId: a!.id, fileName: "notes.txt", mediaType: "text/plain", byteSize: text.length, sha256: String(a!.id).padStart(64, "0"), status: "ready", pagesDone: 1, pagesTotal: 1, createdBy: a!.id })
    .returning({ id: sources.id });
  await db.insert(sourceFiles).values({ sourceId: source!.id, bytes: Buffer.from(text) });
  await db.insert(sourcePassages).values({ sourceId: source!.id, position: 0, text });
  await db.insert(contentReports).values({ userId: a!.id, questionId: quiz[0]!.question_id, reason: "answer_key", note: "The key looks wrong." });
  // Made two days ago, so it uses none of A's requests today.
  const [request] = await db
    .insert(courseRequests)
    .values({ userId: a!.id, topicId: topic!.id, level: "Beginner", length: "short", failedAt: new Date(), failure: "The model server answered 500", createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .returning({ id: courseRequests.id });
  const [{ topicId: seededTopic }] = (await db.select({ topicId: courses.topicId }).from(courses).where(eq(courses.id, courseId))) as [{ topicId: number }];
  const [reviewCourse] = await db
    .insert(courses)
    .values({ topicId: seededTopic, title: `Under review ${unique()}`, level: "Beginner", publication: "paused", generationStatus: "done", isDetailCreatedByAi: true })
    .returning({ id: courses.id });
  const [reviewSection] = await db.insert(courseSections).values({ courseId: reviewCourse!.id, position: 0, title: "Draft section", publishedAt: null }).returning({ id: courseSections.id });
  await db.insert(courseSubsections).values({ sectionId: reviewSection!.id, position: 0, title: "Draft lesson", content: "Not reviewed yet." });
  const review = await editableCourse(admin!.id);
  const [notification] = await db
    .insert(notifications)
    .values({ userId: a!.id, kind: "course_ready", payload: { course_id: courseId, course_title: "Python Basics" }, eventKey: `world:${unique()}` })
    .returning({ id: notifications.id });
  return {
    a: a!,
    b: b!,
    admin: admin!,
    topicId: topic!.id,
    courseId,
    sectionIndex: 0,
    quiz: quiz.slice(0, 5).map(({ question_id, answer }) => ({ question_id, answer })),
    freshEmail: `fresh-${unique()}@example.com`,
    cards: Object.fromEntries(cards.map((c) => [c.userId, c.id])),
    conversationId: conversation!.id,
    sourceId: source!.id,
    courseRequestId: request!.id,
    reviewCourseId: reviewCourse!.id,
    notificationId: notification!.id,
    review,
  };
}

/**
 * A world's own one-lesson, one-item course: what the review screen's edits change (the seeded course
 * stays as it is). Personal to the world's admin, so no catalogue list or recommendation shows it.
 */
async function editableCourse(owner: number): Promise<World["review"]> {
  const db = getDb();
  const [{ id: topicId }] = (await db.insert(topics).values({ title: `Review topic ${unique()}`, description: "For API tests." }).returning({ id: topics.id })) as [{ id: number }];
  const [course] = await db.insert(courses).values({ topicId, title: "Review course", level: "Beginner", generationStatus: "done", isDetailCreatedByAi: true, requestedBy: owner }).returning({ id: courses.id });
  const [section] = await db.insert(courseSections).values({ courseId: course!.id, position: 0, title: "Basics" }).returning({ id: courseSections.id });
  const [lesson] = await db
    .insert(courseSubsections)
    .values({ sectionId: section!.id, position: 0, title: "Variables", content: "A variable names a value.\n\n```python\nx = 1\n```" })
    .returning({ id: courseSubsections.id });
  const [question] = await db
    .insert(quizQuestions)
    .values({ sectionId: section!.id, position: 0, question: "What does a variable do?", options: ["Names a value", "Deletes a value", "Prints a value", "Sorts values"], correctAnswer: "Names a value", hint: "Think of a label.", concept: "variables", explanation: "A variable is a name for a value.", subsectionIndex: 0 })
    .returning({ id: quizQuestions.id });
  const [variant] = await db
    .insert(quizQuestions)
    .values({ sectionId: section!.id, position: 1, question: "Which name holds the value 2 after x = 2?", options: ["x", "2", "y", "None"], correctAnswer: "x", hint: "Read the left side.", concept: "variables", explanation: "The name on the left gets the value.", subsectionIndex: 0, inReviewSince: new Date() })
    .returning({ id: quizQuestions.id });
  const [revised] = await db
    .insert(courseSubsections)
    .values({ sectionId: section!.id, position: 1, title: "Values", content: "A value is data." })
    .returning({ id: courseSubsections.id });
  const [regeneration] = await db
    .insert(contentRegenerations)
    .values({ courseId: course!.id, subsectionId: revised!.id, baseVersion: 0, status: "in_review", before: { content: "A value is data." }, after: { content: "A value is a piece of data." }, requestedBy: owner, finishedAt: new Date() })
    .returning({ id: contentRegenerations.id });
  return { courseId: course!.id, subsectionId: lesson!.id, questionId: question!.id, regenerationId: regeneration!.id, variantId: variant!.id };
}
