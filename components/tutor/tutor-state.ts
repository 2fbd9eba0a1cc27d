import type { ExplainRequest } from "./tutor-lesson";
import { MESSAGE_MAX, type Budget, type Conversation, type ReplyStatus, type TutorMessage, type TutorOverview } from "./tutor-api";

/*
 * The lesson tutor's state, as a plain reducer so its rules are tested without a browser
 * (tutor-state.test.ts): the lesson's conversations (newest first, the latest open), the draft and
 * its validation, one turn at a time streamed into the open conversation, and what the panel's
 * live region announces (the finished reply, never each token).
 */

/** A message as the panel shows it: stored, or the turn under way. */
export type ShownMessage = TutorMessage & {
  /** The hint the server sent after cutting a reply that was about to state a quiz answer. */
  hint?: string;
  /** "streaming" while the reply arrives; "interrupted" when the connection dropped before its end. */
  live?: "streaming" | "interrupted";
  /** The stream's error event, or why the reply is incomplete. */
  error?: string;
  /** For a reply that failed or was interrupted: the question to ask again. */
  retry?: { message: string; explain?: ExplainRequest };
};

export type ShownConversation = Omit<Conversation, "messages"> & { messages: ShownMessage[] };

/**
 * Where a question came from: the text box (cleared on sending, refilled if the server refuses
 * it), a suggestion, "Explain my answer" (a conversation of its own) or the retry of a reply the
 * connection cut.
 */
export type QuestionSource = "draft" | "suggestion" | "explain" | "retry";

type Turn = { conversationId: number; learnerId: number; replyId: number; message: string; explain?: ExplainRequest; source: QuestionSource; started: boolean };

export type TutorState = {
  phase: "loading" | "failed" | "off" | "ready";
  /** Why loading failed, or why the tutor is off. */
  reason: string | null;
  budget: Budget | null;
  suggestions: string[];
  conversations: ShownConversation[];
  /** The open conversation; null is a new, empty one. */
  currentId: number | null;
  draft: string;
  inputError: string | null;
  /** A turn the server refused (rate limit, budget, off...), shown until the next send. */
  notice: string | null;
  turn: Turn | null;
  /** An "Explain my answer" request waiting for the tutor to load or the current turn to end. */
  pendingExplain: ExplainRequest | null;
  /** The live region's text. */
  announcement: string;
  /** Negative ids for what the server has not numbered yet. */
  nextTempId: number;
};

export type TutorAction =
  | { type: "load" }
  | { type: "loaded"; overview: TutorOverview }
  | { type: "loadFailed"; message: string }
  | { type: "typed"; text: string }
  | { type: "invalid"; error: string }
  | { type: "newConversation" }
  | { type: "openConversation"; id: number }
  | { type: "deleted"; id: number }
  | { type: "explain"; explain: ExplainRequest }
  | { type: "send"; message: string; source: QuestionSource; explain?: ExplainRequest; now: string }
  | { type: "started"; conversationId: number; messageId: number }
  | { type: "token"; text: string }
  | { type: "hint"; text: string }
  | { type: "streamError"; detail: string }
  | { type: "done"; status: ReplyStatus; messageId: number; tokensLeft: number; now: string }
  | { type: "stopped" }
  | { type: "failed"; message: string };

export const initialTutorState: TutorState = {
  phase: "loading",
  reason: null,
  budget: null,
  suggestions: [],
  conversations: [],
  currentId: null,
  draft: "",
  inputError: null,
  notice: null,
  turn: null,
  pendingExplain: null,
  announcement: "",
  nextTempId: -1,
};

/** Why a message cannot be sent, or null when it can. */
export function messageError(text: string): string | null {
  if (text.trim() === "") return "Type a question first.";
  if (text.length > MESSAGE_MAX) return `Your question is ${text.length.toLocaleString("en")} characters long; the limit is ${MESSAGE_MAX.toLocaleString("en")}. Please shorten it.`;
  return null;
}

export function budgetSpent(budget: Budget | null): boolean {
  return budget !== null && budget.tokens_left <= 0;
}

/** Roughly how many questions the budget has left: a question and its reply use about 1,000 tokens. */
export function questionsLeft(budget: Budget): number {
  return budget.tokens_left <= 0 ? 0 : Math.max(1, Math.round(budget.tokens_left / 1000));
}

export function budgetLine(budget: Budget, formatOptions: Intl.DateTimeFormatOptions = {}, locale?: string): string {
  const n = questionsLeft(budget);
  if (n > 0) return `About ${n} ${n === 1 ? "question" : "questions"} left today.`;
  const resets = new Date(budget.resets_at);
  const when = Number.isNaN(resets.getTime())
    ? "tomorrow"
    : new Intl.DateTimeFormat(locale, { weekday: "long", hour: "numeric", minute: "2-digit", ...formatOptions }).format(resets);
  return `You have used today's questions. More are available from ${when}.`;
}

const byNewest = (a: { updated_at: string }, b: { updated_at: string }) => b.updated_at.localeCompare(a.updated_at);

export function currentConversation(state: TutorState): ShownConversation | null {
  return state.conversations.find((c) => c.id === state.currentId) ?? null;
}

/**
 * A key that changes whenever the open conversation shows something new: a message, a token, the
 * hint, an error, a reply's end (stopped, failed with Retry). The panel follows it (follow-conversation.ts);
 * a temporary id replaced by the server's is nothing new.
 */
export function conversationActivity(conversation: ShownConversation | null): string {
  if (!conversation) return "";
  const last = conversation.messages.at(-1);
  if (!last) return "0";
  return [conversation.messages.length, last.content.length, last.hint?.length ?? 0, last.status, last.live ?? "", last.error ?? "", last.retry ? "retry" : ""].join(":");
}

/** Replaces the turn's reply (and conversation) through `change`. */
function updateReply(state: TutorState, change: (reply: ShownMessage) => ShownMessage): TutorState {
  const turn = state.turn;
  if (!turn) return state;
  return {
    ...state,
    conversations: state.conversations.map((c) =>
      c.id === turn.conversationId ? { ...c, messages: c.messages.map((m) => (m.id === turn.replyId ? change(m) : m)) } : c,
    ),
  };
}

function replyOf(state: TutorState): ShownMessage | undefined {
  const turn = state.turn;
  return turn ? state.conversations.find((c) => c.id === turn.conversationId)?.messages.find((m) => m.id === turn.replyId) : undefined;
}

/** A reply as words to hear: markdown's marks (emphasis, code ticks, headings, quotes) left out. */
function spoken(text: string): string {
  return text.replace(/[*_`#>|]+/g, "").replace(/\s+/g, " ").trim();
}

function finishedAnnouncement(status: ReplyStatus, reply: ShownMessage | undefined): string {
  const text = spoken([reply?.content, reply?.hint].filter(Boolean).join(" "));
  if (status === "failed") return `The tutor could not answer. ${reply?.error ?? ""}`.trim();
  if (status === "stopped") return "Reply stopped.";
  return `The tutor replied: ${text}`;
}

export function tutorReducer(state: TutorState, action: TutorAction): TutorState {
  switch (action.type) {
    case "load":
      return { ...state, phase: "loading", reason: null };
    case "loaded": {
      const { overview } = action;
      if (!overview.enabled) return { ...state, phase: "off", reason: overview.off_reason ?? "The tutor is off on this server.", pendingExplain: null };
      const conversations = [...overview.conversations].sort(byNewest);
      const usable = overview.budget.tokens_left > 0;
      return {
        ...state,
        phase: "ready",
        reason: null,
        budget: overview.budget,
        suggestions: overview.suggestions,
        conversations,
        // An explanation starts a conversation of its own.
        currentId: state.pendingExplain && usable ? null : (conversations[0]?.id ?? null),
        pendingExplain: usable ? state.pendingExplain : null,
      };
    }
    case "loadFailed":
      return { ...state, phase: "failed", reason: action.message };
    case "typed":
      return { ...state, draft: action.text, inputError: state.inputError ? messageError(action.text) : null };
    case "invalid":
      return { ...state, inputError: action.error };
    case "newConversation":
      return state.turn ? state : { ...state, currentId: null, notice: null };
    case "openConversation":
      return state.turn ? state : { ...state, currentId: action.id, notice: null };
    case "deleted": {
      const conversations = state.conversations.filter((c) => c.id !== action.id);
      const currentId = state.currentId === action.id ? (conversations[0]?.id ?? null) : state.currentId;
      return { ...state, conversations, currentId, announcement: "Conversation deleted." };
    }
    case "explain":
      return { ...state, pendingExplain: action.explain };
    case "send": {
      if (state.turn || state.phase !== "ready" || budgetSpent(state.budget) || messageError(action.message)) return state;
      let id = state.nextTempId;
      const learnerId = id--;
      const replyId = id--;
      // An explanation opens a conversation of its own; otherwise the open one goes on.
      const existing = action.source === "explain" ? null : currentConversation(state);
      const conversationId = existing?.id ?? id--;
      const learner: ShownMessage = { id: learnerId, role: "learner", content: action.message, status: "complete", created_at: action.now };
      const reply: ShownMessage = { id: replyId, role: "tutor", content: "", status: "complete", created_at: action.now, live: "streaming" };
      // Asked again: the earlier failure's Retry has done its work.
      const earlier = action.source === "retry" ? existing?.messages.map(({ retry: _, ...m }) => m) : existing?.messages;
      const conversation: ShownConversation = existing
        ? { ...existing, updated_at: action.now, messages: [...earlier!, learner, reply] }
        : { id: conversationId, title: action.message.slice(0, 80), updated_at: action.now, messages: [learner, reply] };
      return {
        ...state,
        conversations: [conversation, ...state.conversations.filter((c) => c.id !== conversationId)],
        currentId: conversationId,
        draft: action.source === "draft" ? "" : state.draft,
        inputError: null,
        notice: null,
        announcement: "",
        pendingExplain: action.source === "explain" ? null : state.pendingExplain,
        turn: { conversationId, learnerId, replyId, message: action.message, explain: action.explain, source: action.source, started: false },
        nextTempId: id,
      };
    }
    case "started": {
      const turn = state.turn;
      if (!turn) return state;
      const { conversationId, messageId } = action;
      return {
        ...state,
        currentId: state.currentId === turn.conversationId ? conversationId : state.currentId,
        conversations: state.conversations.map((c) =>
          c.id === turn.conversationId ? { ...c, id: conversationId, messages: c.messages.map((m) => (m.id === turn.learnerId ? { ...m, id: messageId } : m)) } : c,
        ),
        turn: { ...turn, conversationId, learnerId: messageId, started: true },
      };
    }
    case "token":
      return updateReply(state, (m) => ({ ...m, content: m.content + action.text }));
    case "hint":
      return updateReply(state, (m) => ({ ...m, hint: (m.hint ?? "") + action.text }));
    case "streamError":
      return updateReply(state, (m) => ({ ...m, error: action.detail }));
    case "done": {
      if (!state.turn) return state;
      const { replyId, message, explain } = state.turn;
      // A failed reply (the model's error or silence) cost nothing: Retry asks the same question again.
      const retry = action.status === "failed" ? { retry: { message, explain } } : {};
      const next = updateReply(state, (m) => ({ ...m, id: action.messageId, status: action.status, live: undefined, ...retry }));
      const reply = replyOf(state);
      return {
        ...next,
        conversations: next.conversations.map((c) => (c.id === state.turn!.conversationId ? { ...c, updated_at: action.now } : c)),
        budget: next.budget ? { ...next.budget, tokens_left: action.tokensLeft } : null,
        announcement: finishedAnnouncement(action.status, reply ? { ...reply, id: replyId } : undefined),
        turn: null,
      };
    }
    case "stopped": {
      if (!state.turn) return state;
      return { ...updateReply(state, (m) => ({ ...m, status: "stopped", live: undefined })), announcement: "Reply stopped.", turn: null };
    }
    case "failed": {
      const turn = state.turn;
      if (!turn) return state;
      if (!turn.started) {
        // Refused before anything was stored (or never reached the server): the question goes back
        // into the box, and the panel says why.
        const conversations = state.conversations.flatMap((c) => {
          if (c.id !== turn.conversationId) return [c];
          const messages = c.messages.filter((m) => m.id !== turn.learnerId && m.id !== turn.replyId);
          return messages.length ? [{ ...c, messages }] : [];
        });
        const stillThere = conversations.some((c) => c.id === state.currentId);
        return {
          ...state,
          conversations,
          currentId: stillThere ? state.currentId : null,
          draft: turn.source === "draft" ? turn.message : state.draft,
          notice: action.message,
          announcement: action.message,
          turn: null,
        };
      }
      // The connection dropped mid-reply: what arrived stays, marked, with a way to ask again.
      return {
        ...updateReply(state, (m) => ({ ...m, live: "interrupted", error: action.message, retry: { message: turn.message, explain: turn.explain } })),
        announcement: action.message,
        turn: null,
      };
    }
  }
}
