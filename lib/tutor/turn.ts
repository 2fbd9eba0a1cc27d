import "server-only";
import type { Database, DatabaseOrTransaction } from "../../db/client";
import { getEnv } from "../platform/env";
import { retryWhileDatabaseAway } from "../platform/health/database-back";
import { AppError } from "../platform/http/app-error";
import { isDatabaseUnavailable } from "../platform/http/database-unavailable";
import { getChatModel, type ChatModel, type ChatTurn } from "../platform/llm/chat";
import { loadQuestionFacts, revealTimes } from "../practice";
import { hitLimit, type Limit } from "../platform/rate-limit";
import type { TutorMessageStatus } from "./responses";
import { budgetOf, recordUsage } from "./budget";
import { addLearnerMessage, addTutorMessage, continueConversation, storedReply } from "./conversations";
import { getGuardCheck, type GuardCheck } from "./guard-check";
import { guardedReply, MAX_CHECKS } from "./guarded-reply";
import { openLesson, type LessonRef } from "./lesson";
import { openItems, type OpenItem } from "./open-items";
import { explainMessage, HISTORY_MESSAGES, tutorMessages } from "./prompt";
import { reserveTurn, type TurnReservation } from "./turn-reservation";

/*
 * One tutor turn (docs/tutor.md): everything that can refuse it is checked before the reply
 * starts (prepareTurn: 404/409/422/429 as JSON), and the turn takes one of the learner's streams
 * with its largest cost reserved (turn-reservation.ts); then the reply streams through the answer
 * guard (runTurn) and is stored as the learner saw it, with its tokens, whether it completed, was
 * stopped, was cut by the guard or failed. A failed turn counts for nothing; the others count
 * what they used, which replaces the reservation. A reply that ends during a database outage is
 * stored once the database is back.
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

export type PreparedTurn = {
  userId: number;
  chat: ChatModel;
  check: GuardCheck | null;
  conversationId: number;
  messageId: number;
  messages: ChatTurn[];
  items: OpenItem[];
  reservation: TurnReservation;
};

/** A prompt's tokens, counted high (three characters a token) so a reservation is never short. */
const promptTokensAtMost = (messages: ChatTurn[]) => Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 3);

async function explainedItem(db: DatabaseOrTransaction, userId: number, explain: NonNullable<TurnRequest["explain"]>) {
  const [facts, revealed] = await Promise.all([loadQuestionFacts(db, [explain.questionId]), revealTimes(db, userId, [explain.questionId])]);
  const fact = facts.get(explain.questionId);
  // An item whose key the learner has not been shown is not explained: that would hand it out.
  if (!fact || !revealed.has(explain.questionId)) throw new AppError("invalid", "Explain my answer works on a question once its right answer has been shown to you.");
  if (explain.answer !== undefined && !fact.options.includes(explain.answer)) throw new AppError("invalid", "That answer is not one of the question's options.");
  return { question: fact.question, options: fact.options, picked: explain.answer ?? null, correctAnswer: fact.correctAnswer, explanation: fact.explanation };
}

export async function prepareTurn(db: Database, userId: number, request: TurnRequest, now: Date): Promise<PreparedTurn> {
  const chat = getChatModel();
  if (!chat) throw new AppError("conflict", TUTOR_OFF);
  await hitLimit(db, TUTOR_TURN_LIMIT, String(userId), "You are asking faster than the tutor can keep up. Please wait a few minutes.");
  const [lesson, history, items, explain] = await Promise.all([
    openLesson(db, userId, request),
    request.conversationId === null ? [] : continueConversation(db, userId, request.conversationId, request, HISTORY_MESSAGES),
    openItems(db, userId),
    request.explain ? explainedItem(db, userId, request.explain) : null,
  ]);
  const prompt = explain ? explainMessage(explain, request.message) : request.message;
  const messages = tutorMessages(lesson, history, prompt);
  const check = items.length ? getGuardCheck() : null;
  // The most this turn can cost: its prompt, a whole reply, and every model check it may ask for.
  const tokens = promptTokensAtMost(messages) + getEnv().TUTOR_MAX_TOKENS + (check ? MAX_CHECKS * check.maxTokens(items) : 0);
  const { reservation, started } = await reserveTurn(db, userId, tokens, now, (tx) => addLearnerMessage(tx, userId, request, request.conversationId, request.message));
  return { userId, chat, check, conversationId: started.conversationId, messageId: started.messageId, messages, items, reservation };
}

const FALLBACK_HINT = "go back to the lesson's example and test each option against it.";

function hintFor(items: OpenItem[], number: number | null): string {
  const item = items.find((i) => i.number === number);
  if (!item) return `That would give away an answer in your quiz, so I will stop there. A hint instead: ${FALLBACK_HINT}`;
  return `That is question ${item.number} of your quiz, so I will not give its answer. A hint instead: ${item.hint?.trim() || FALLBACK_HINT}`;
}

/** The reply as events; stores it once it ends, however it ends (the learner may have gone), and frees the turn's reservation. */
export async function* runTurn(db: Database, turn: PreparedTurn, signal: AbortSignal): AsyncGenerator<TutorStreamEvent> {
  turn.reservation.keepAlive();
  try {
    yield { event: "start", data: { conversation_id: turn.conversationId, message_id: turn.messageId } };
    // Cut by the learner (their request's signal) or by the guard.
    const cut = new AbortController();
    const onStop = () => cut.abort();
    signal.addEventListener("abort", onStop, { once: true });
    let shown = "";
    let hint: string | null = null;
    const model = turn.chat.stream(turn.messages, { maxTokens: getEnv().TUTOR_MAX_TOKENS, signal: cut.signal });
    const reply = guardedReply(model, turn.items, { check: turn.check, stop: () => cut.abort(), signal });
    let step = await reply.next();
    try {
      while (!step.done) {
        if (step.value.type === "text") {
          shown += step.value.text;
          yield { event: "token", data: { text: step.value.text } };
        } else {
          hint = hintFor(turn.items, step.value.item);
          yield { event: "hint", data: { text: hint } };
        }
        step = await reply.next();
      }
    } finally {
      signal.removeEventListener("abort", onStop);
    }
    const { end, checks } = step.value;
    const status: TutorMessageStatus =
      hint !== null ? "guarded" : end.outcome === "stopped" ? "stopped" : end.outcome === "idle" || end.outcome === "failed" ? "failed" : "complete";
    if (status === "failed" && end.problem) yield { event: "error", data: { detail: end.problem } };
    // A call cut short reports no prompt tokens: about four characters a token.
    const promptTokens = end.usage.promptTokens || Math.ceil(turn.messages.reduce((n, m) => n + m.content.length, 0) / 4);
    const usage = { ...end.usage, promptTokens: promptTokens + checks.promptTokens, completionTokens: end.usage.completionTokens + checks.completionTokens };
    const now = new Date();
    const stored = { content: hint === null ? shown : `${shown}${shown ? "\n\n" : ""}${hint}`, status, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens };
    let messageId: number;
    try {
      messageId = await storeReply(db, turn, stored, usage, now);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      yield { event: "error", data: { detail: REPLY_NOT_SAVED } };
      return;
    }
    const budget = await budgetOf(db, turn.userId, now);
    yield { event: "done", data: { status, message_id: messageId, tokens_left: budget.tokens_left } };
  } finally {
    await turn.reservation.release();
  }
}

/** How long a reply that ended while the database was away waits for it, the learner's stream open (docs/tutor.md). */
const REPLY_STORE_WAIT_MS = 60_000;
const REPLY_NOT_SAVED = "The reply could not be saved: the service is temporarily unavailable. Please ask again in a moment.";

/**
 * Stores the reply, its tokens and the end of its reservation in one transaction; through a database outage it tries again
 * until the database is back (at most REPLY_STORE_WAIT_MS), so the reply the learner saw is kept.
 * A try cut short at its COMMIT may have landed: the next one looks for it first, so a reply is
 * stored once.
 */
async function storeReply(db: Database, turn: PreparedTurn, reply: Parameters<typeof addTutorMessage>[2], usage: Parameters<typeof recordUsage>[2], now: Date): Promise<number> {
  let reachedCommit = false;
  return retryWhileDatabaseAway(async () => {
    if (reachedCommit) {
      const stored = await storedReply(db, turn.conversationId, turn.messageId, reply.content);
      if (stored !== null) return stored;
    }
    return db.transaction(async (tx) => {
      const id = await addTutorMessage(tx, turn.conversationId, reply);
      // A failure of ours (the model's error or silence) costs the learner nothing: their questions left stay as they were.
      if (reply.status !== "failed") await recordUsage(tx, turn.userId, usage, now);
      await turn.reservation.finish(tx);
      reachedCommit = true;
      return id;
    });
  }, AbortSignal.timeout(REPLY_STORE_WAIT_MS));
}
