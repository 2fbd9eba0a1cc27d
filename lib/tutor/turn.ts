import "server-only";
import { getDb } from "../../db/client";
import { getEnv } from "../env";
import { retryWhileDatabaseAway } from "../health/database-back";
import { AppError } from "../http/app-error";
import { isDatabaseUnavailable } from "../http/database-unavailable";
import { getChatModel, type ChatModel, type ChatTurn } from "../llm/chat";
import { loadQuestionFacts } from "../mastery/question-facts";
import { revealTimes } from "../quizzes/reveals";
import { hitLimit, type Limit } from "../rate-limit";
import type { TutorMessageStatus } from "../validation/responses/tutor";
import { assertBudgetLeft, budgetOf, recordUsage } from "./budget";
import { addLearnerMessage, addTutorMessage, continueConversation, storedReply } from "./conversations";
import { createLeakGuard } from "./leak-guard";
import { openLesson, type LessonRef } from "./lesson";
import { openItems, type OpenItem } from "./open-items";
import { explainMessage, HISTORY_MESSAGES, tutorMessages } from "./prompt";

/*
 * One tutor turn (docs/tutor.md): everything that can refuse it is checked before the reply
 * starts (prepareTurn: 404/409/422/429 as JSON), then the reply streams through the answer guard
 * (runTurn) and is stored as the learner saw it, with its tokens, whether it completed, was
 * stopped, was cut by the guard or failed; a reply that ends during a database outage is stored
 * once the database is back.
 */

export const TUTOR_OFF = "The tutor is off: no model is configured on this server.";
/** Turns per learner: a conversation at reading pace stays well inside it. */
export const TUTOR_TURN_LIMIT = { name: "tutor-turn:user", max: 20, windowSeconds: 10 * 60 } satisfies Limit;

export type TurnRequest = LessonRef & { conversationId: number | null; message: string; explain?: { questionId: number; answer?: string } };

export type TutorStreamEvent =
  | { event: "start"; data: { conversation_id: number; message_id: number } }
  | { event: "token"; data: { text: string } }
  | { event: "hint"; data: { text: string } }
  | { event: "error"; data: { detail: string } }
  | { event: "done"; data: { status: TutorMessageStatus; message_id: number; tokens_left: number } };

export type PreparedTurn = { userId: number; chat: ChatModel; conversationId: number; messageId: number; messages: ChatTurn[]; items: OpenItem[] };

async function explainedItem(userId: number, explain: NonNullable<TurnRequest["explain"]>) {
  const db = getDb();
  const [facts, revealed] = await Promise.all([loadQuestionFacts(db, [explain.questionId]), revealTimes(db, userId, [explain.questionId])]);
  const fact = facts.get(explain.questionId);
  // An item whose key the learner has not been shown is not explained: that would hand it out.
  if (!fact || !revealed.has(explain.questionId)) throw new AppError("invalid", "Explain my answer works on a question once its right answer has been shown to you.");
  if (explain.answer !== undefined && !fact.options.includes(explain.answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
  return { question: fact.question, options: fact.options, picked: explain.answer ?? null, correctAnswer: fact.correctAnswer, explanation: fact.explanation };
}

export async function prepareTurn(userId: number, request: TurnRequest, now: Date): Promise<PreparedTurn> {
  const chat = getChatModel();
  if (!chat) throw new AppError("conflict", TUTOR_OFF);
  await hitLimit(TUTOR_TURN_LIMIT, String(userId), "You are asking faster than the tutor can keep up. Please wait a few minutes.");
  const [lesson, , history, items, explain] = await Promise.all([
    openLesson(userId, request),
    assertBudgetLeft(userId, now),
    request.conversationId === null ? [] : continueConversation(userId, request.conversationId, request, HISTORY_MESSAGES),
    openItems(userId),
    request.explain ? explainedItem(userId, request.explain) : null,
  ]);
  const prompt = explain ? explainMessage(explain, request.message) : request.message;
  const { conversationId, messageId } = await addLearnerMessage(userId, request, request.conversationId, request.message);
  return { userId, chat, conversationId, messageId, messages: tutorMessages(lesson, history, prompt), items };
}

function hintFor(item: OpenItem): string {
  const hint = item.hint?.trim() || "go back to the lesson's example and test each option against it.";
  return `That is question ${item.number} of your quiz, so I will not give its answer. A hint instead: ${hint}`;
}

/** The reply as events; stores it once it ends, however it ends (the learner may have gone). */
export async function* runTurn(turn: PreparedTurn, signal: AbortSignal): AsyncGenerator<TutorStreamEvent> {
  yield { event: "start", data: { conversation_id: turn.conversationId, message_id: turn.messageId } };
  const guard = createLeakGuard(turn.items);
  // Cut by the learner (their request's signal) or by the guard.
  const cut = new AbortController();
  const onStop = () => cut.abort();
  signal.addEventListener("abort", onStop, { once: true });
  let shown = "";
  let hint: string | null = null;
  const stream = turn.chat.stream(turn.messages, { maxTokens: getEnv().TUTOR_MAX_TOKENS, signal: cut.signal });
  let step = await stream.next();
  try {
    while (!step.done) {
      const safe = guard.push(step.value);
      if (safe) {
        shown += safe;
        yield { event: "token", data: { text: safe } };
      }
      if (guard.leakedItem !== null && hint === null) {
        cut.abort();
        const item = turn.items.find((i) => i.number === guard.leakedItem)!;
        hint = hintFor(item);
        yield { event: "hint", data: { text: hint } };
      }
      step = await stream.next();
    }
  } finally {
    signal.removeEventListener("abort", onStop);
  }
  const end = step.value;
  const rest = guard.end();
  if (rest) {
    shown += rest;
    yield { event: "token", data: { text: rest } };
  }
  const status: TutorMessageStatus =
    hint !== null ? "guarded" : end.outcome === "stopped" ? "stopped" : end.outcome === "idle" || end.outcome === "failed" ? "failed" : "complete";
  if (status === "failed" && end.problem) yield { event: "error", data: { detail: end.problem } };
  // A call cut short reports no prompt tokens: about four characters a token.
  const promptTokens = end.usage.promptTokens || Math.ceil(turn.messages.reduce((n, m) => n + m.content.length, 0) / 4);
  const usage = { ...end.usage, promptTokens };
  const now = new Date();
  const reply = { content: hint === null ? shown : `${shown}${shown ? "\n\n" : ""}${hint}`, status, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens };
  let messageId: number;
  try {
    messageId = await storeReply(turn, reply, usage, now);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    yield { event: "error", data: { detail: REPLY_NOT_SAVED } };
    return;
  }
  const budget = await budgetOf(turn.userId, now);
  yield { event: "done", data: { status, message_id: messageId, tokens_left: budget.tokens_left } };
}

/** How long a reply that ended while the database was away waits for it, the learner's stream open (docs/tutor.md). */
const REPLY_STORE_WAIT_MS = 60_000;
const REPLY_NOT_SAVED = "The reply could not be saved: the service is temporarily unavailable. Please ask again in a moment.";

/**
 * Stores the reply and its tokens in one transaction; through a database outage it tries again
 * until the database is back (at most REPLY_STORE_WAIT_MS), so the reply the learner saw is kept.
 * A try cut short at its COMMIT may have landed: the next one looks for it first, so a reply is
 * stored once.
 */
async function storeReply(turn: PreparedTurn, reply: Parameters<typeof addTutorMessage>[2], usage: Parameters<typeof recordUsage>[2], now: Date): Promise<number> {
  let reachedCommit = false;
  return retryWhileDatabaseAway(async () => {
    if (reachedCommit) {
      const stored = await storedReply(turn.conversationId, turn.messageId, reply.content);
      if (stored !== null) return stored;
    }
    return getDb().transaction(async (tx) => {
      const id = await addTutorMessage(tx, turn.conversationId, reply);
      await recordUsage(tx, turn.userId, usage, now);
      reachedCommit = true;
      return id;
    });
  }, AbortSignal.timeout(REPLY_STORE_WAIT_MS));
}
