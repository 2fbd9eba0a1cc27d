import "server-only";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { tutorConversations, tutorMessages } from "../../db/schema";
import { AppError } from "../platform/http/app-error";
import type { TutorConversation, TutorMessageStatus } from "./responses";
import type { LessonRef } from "./lesson";

/*
 * A learner's conversations with the tutor, per lesson (docs/tutor.md). Every read and write is
 * scoped to the learner: another learner's conversation does not exist for them (404).
 */

/** The conversations listed under a lesson, newest first. */
export const LISTED_CONVERSATIONS = 20;
export const CONVERSATION_NOT_FOUND = "Conversation not found.";

export async function listConversations(db: DatabaseOrTransaction, userId: number, lesson: LessonRef): Promise<TutorConversation[]> {
  const conversations = await db
    .select({ id: tutorConversations.id, title: tutorConversations.title, updatedAt: tutorConversations.updatedAt })
    .from(tutorConversations)
    .where(
      and(
        eq(tutorConversations.userId, userId),
        eq(tutorConversations.courseId, lesson.courseId),
        eq(tutorConversations.sectionIndex, lesson.sectionIndex),
        eq(tutorConversations.subsectionIndex, lesson.subsectionIndex),
      ),
    )
    .orderBy(desc(tutorConversations.updatedAt), desc(tutorConversations.id))
    .limit(LISTED_CONVERSATIONS);
  if (!conversations.length) return [];
  const messages = await db
    .select()
    .from(tutorMessages)
    .where(inArray(tutorMessages.conversationId, conversations.map((c) => c.id)))
    .orderBy(asc(tutorMessages.id));
  return conversations.map((c) => ({
    id: c.id,
    title: c.title,
    updated_at: c.updatedAt.toISOString(),
    messages: messages
      .filter((m) => m.conversationId === c.id)
      .map((m) => ({ id: m.id, role: m.role, content: m.content, status: m.status, created_at: m.createdAt.toISOString() })),
  }));
}

/** The learner's conversation on this lesson (404 otherwise), with its last messages for the prompt. */
export async function continueConversation(db: DatabaseOrTransaction, userId: number, conversationId: number, lesson: LessonRef, last: number) {
  const [conversation] = await db
    .select({ id: tutorConversations.id, courseId: tutorConversations.courseId, sectionIndex: tutorConversations.sectionIndex, subsectionIndex: tutorConversations.subsectionIndex })
    .from(tutorConversations)
    .where(and(eq(tutorConversations.id, conversationId), eq(tutorConversations.userId, userId)));
  if (!conversation) throw new AppError("not_found", CONVERSATION_NOT_FOUND);
  if (conversation.courseId !== lesson.courseId || conversation.sectionIndex !== lesson.sectionIndex || conversation.subsectionIndex !== lesson.subsectionIndex) {
    throw new AppError("invalid", "That conversation is about another lesson: start a new one here.");
  }
  const history = await db
    .select({ role: tutorMessages.role, content: tutorMessages.content })
    .from(tutorMessages)
    .where(eq(tutorMessages.conversationId, conversationId))
    .orderBy(desc(tutorMessages.id))
    .limit(last);
  return history.reverse();
}

const titleOf = (message: string) => {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
};

/** Stores the learner's message, in a new conversation when none is given (in the caller's transaction); returns both ids. */
export async function addLearnerMessage(
  tx: DatabaseOrTransaction,
  userId: number,
  lesson: LessonRef,
  conversationId: number | null,
  content: string,
): Promise<{ conversationId: number; messageId: number }> {
  let id = conversationId;
  if (id === null) {
    const [created] = await tx
      .insert(tutorConversations)
      .values({ userId, courseId: lesson.courseId, sectionIndex: lesson.sectionIndex, subsectionIndex: lesson.subsectionIndex, title: titleOf(content) })
      .returning({ id: tutorConversations.id });
    id = created!.id;
  }
  const [message] = await tx.insert(tutorMessages).values({ conversationId: id, role: "learner", content, status: "complete" }).returning({ id: tutorMessages.id });
  await touch(tx, id);
  return { conversationId: id, messageId: message!.id };
}

export async function addTutorMessage(
  db: DatabaseOrTransaction,
  conversationId: number,
  reply: { content: string; status: TutorMessageStatus; promptTokens: number; completionTokens: number },
): Promise<number> {
  const [message] = await db
    .insert(tutorMessages)
    .values({ conversationId, role: "tutor", ...reply })
    .returning({ id: tutorMessages.id });
  await touch(db, conversationId);
  return message!.id;
}

/** The tutor's reply to the learner's message `after`, with this content, if one was stored (an earlier try of the same store). */
export async function storedReply(db: DatabaseOrTransaction, conversationId: number, after: number, content: string): Promise<number | null> {
  const [found] = await db
    .select({ id: tutorMessages.id })
    .from(tutorMessages)
    .where(and(eq(tutorMessages.conversationId, conversationId), eq(tutorMessages.role, "tutor"), gt(tutorMessages.id, after), eq(tutorMessages.content, content)))
    .orderBy(asc(tutorMessages.id))
    .limit(1);
  return found?.id ?? null;
}

async function touch(db: DatabaseOrTransaction, conversationId: number) {
  await db.update(tutorConversations).set({ updatedAt: sql`now()` }).where(eq(tutorConversations.id, conversationId));
}

export async function deleteConversation(db: DatabaseOrTransaction, userId: number, conversationId: number): Promise<void> {
  const deleted = await db
    .delete(tutorConversations)
    .where(and(eq(tutorConversations.id, conversationId), eq(tutorConversations.userId, userId)))
    .returning({ id: tutorConversations.id });
  if (!deleted.length) throw new AppError("not_found", CONVERSATION_NOT_FOUND);
}
