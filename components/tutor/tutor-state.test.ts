import type { ExplainRequest } from "./tutor-lesson";
import { describe, expect, it } from "vitest";
import { decodeTurnEvent, EXPLAIN_MESSAGE, type TutorOverview } from "./tutor-api";
import { budgetLine, conversationActivity, currentConversation, initialTutorState, messageError, questionsLeft, tutorReducer, type TutorAction, type TutorState } from "./tutor-state";

const NOW = "2026-11-26T10:00:00.000Z";

function overview(over: Partial<TutorOverview> = {}): TutorOverview {
  return {
    enabled: true,
    off_reason: null,
    budget: { tokens_left: 12_345, daily_tokens: 30_000, resets_at: "2026-11-27T00:00:00.000Z" },
    suggestions: ["Explain this more simply", "Give me another example"],
    conversations: [
      { id: 1, title: "Older", updated_at: "2026-11-25T09:00:00.000Z", messages: [] },
      {
        id: 2,
        title: "Latest",
        updated_at: "2026-11-26T09:00:00.000Z",
        messages: [
          { id: 5, role: "learner", content: "Why?", status: "complete", created_at: NOW },
          { id: 6, role: "tutor", content: "Because.", status: "complete", created_at: NOW },
        ],
      },
    ],
    ...over,
  };
}

function run(actions: TutorAction[], from: TutorState = initialTutorState): TutorState {
  return actions.reduce(tutorReducer, from);
}

const ready = (over?: Partial<TutorOverview>) => run([{ type: "loaded", overview: overview(over) }]);
const send = (message: string, source: "draft" | "suggestion" | "explain" | "retry" = "draft", explain?: ExplainRequest): TutorAction => ({ type: "send", message, source, explain, now: NOW });

describe("loading", () => {
  it("opens the latest conversation, newest first", () => {
    const state = ready();
    expect(state.phase).toBe("ready");
    expect(state.conversations.map((c) => c.id)).toEqual([2, 1]);
    expect(state.currentId).toBe(2);
  });

  it("starts on an empty conversation when there is none", () => {
    expect(ready({ conversations: [] }).currentId).toBeNull();
  });

  it("is off with the server's reason when no model is configured", () => {
    const state = ready({ enabled: false, off_reason: "The tutor is off: no model is configured on this server." });
    expect(state).toMatchObject({ phase: "off", reason: "The tutor is off: no model is configured on this server." });
  });

  it("keeps a failure's message, and loads again on retry", () => {
    const failed = run([{ type: "loadFailed", message: "Could not reach the server." }]);
    expect(failed).toMatchObject({ phase: "failed", reason: "Could not reach the server." });
    expect(tutorReducer(failed, { type: "load" }).phase).toBe("loading");
  });
});

describe("the question box", () => {
  it("refuses an empty or too long question with a message", () => {
    expect(messageError("   \n")).toBe("Type a question first.");
    expect(messageError("x".repeat(2001))).toMatch(/2,001 characters long; the limit is 2,000/);
    expect(messageError("x".repeat(2000))).toBeNull();
  });

  it("clears the error once the text is fixed", () => {
    const state = run([{ type: "invalid", error: "Type a question first." }, { type: "typed", text: "a" }], ready());
    expect(state.inputError).toBeNull();
    const still = run([{ type: "invalid", error: "too long" }, { type: "typed", text: "x".repeat(2001) }], ready());
    expect(still.inputError).toMatch(/limit is 2,000/);
  });

  it("sends nothing invalid, nothing while a reply streams, nothing once the budget is spent", () => {
    expect(run([send("  ")], ready()).turn).toBeNull();
    const streaming = run([send("one")], ready());
    expect(tutorReducer(streaming, send("two"))).toBe(streaming);
    expect(run([send("one")], ready({ budget: { tokens_left: 0, daily_tokens: 30_000, resets_at: NOW } })).turn).toBeNull();
  });
});

describe("a turn", () => {
  it("streams a reply into the open conversation and announces it when done", () => {
    let state = run([{ type: "typed", text: "What is a list?" }, send("What is a list?")], ready());
    expect(state.draft).toBe("");
    const reply = () => currentConversation(state)!.messages.at(-1)!;
    expect(reply()).toMatchObject({ role: "tutor", content: "", live: "streaming" });
    state = run(
      [
        { type: "started", conversationId: 2, messageId: 10 },
        { type: "token", text: "A list " },
        { type: "token", text: "is **mutable**." },
      ],
      state,
    );
    expect(state.announcement).toBe("");
    expect(reply().content).toBe("A list is **mutable**.");
    state = tutorReducer(state, { type: "done", status: "complete", messageId: 11, tokensLeft: 11_000, now: NOW });
    expect(state.turn).toBeNull();
    expect(reply()).toMatchObject({ id: 11, status: "complete", live: undefined });
    expect(currentConversation(state)!.messages.map((m) => m.id)).toEqual([5, 6, 10, 11]);
    expect(state.budget?.tokens_left).toBe(11_000);
    expect(state.announcement).toBe("The tutor replied: A list is mutable.");
  });

  it("numbers a new conversation when the server starts it", () => {
    let state = run([{ type: "newConversation" }, send("Explain this more simply", "suggestion")], ready());
    const temp = state.currentId!;
    expect(temp).toBeLessThan(0);
    expect(state.conversations[0]).toMatchObject({ id: temp, title: "Explain this more simply" });
    state = tutorReducer(state, { type: "started", conversationId: 3, messageId: 20 });
    expect(state.currentId).toBe(3);
    expect(state.conversations.map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it("appends the hint after what was shown and keeps it apart", () => {
    const state = run(
      [send("What is the answer to question 2?"), { type: "started", conversationId: 2, messageId: 10 }, { type: "token", text: "Think about" }, { type: "hint", text: "Which of them can change?" }, { type: "done", status: "guarded", messageId: 11, tokensLeft: 9000, now: NOW }],
      ready(),
    );
    expect(currentConversation(state)!.messages.at(-1)).toMatchObject({ content: "Think about", hint: "Which of them can change?", status: "guarded" });
    expect(state.announcement).toBe("The tutor replied: Think about Which of them can change?");
  });

  it("says a failed reply failed, with the stream's error", () => {
    const state = run([send("Hi"), { type: "started", conversationId: 2, messageId: 10 }, { type: "streamError", detail: "The model stopped sending tokens." }, { type: "done", status: "failed", messageId: 11, tokensLeft: 9000, now: NOW }], ready());
    expect(currentConversation(state)!.messages.at(-1)).toMatchObject({ status: "failed", error: "The model stopped sending tokens." });
    expect(state.announcement).toBe("The tutor could not answer. The model stopped sending tokens.");
  });

  it("offers Retry on a failed reply, which asks the same question again and leaves the day's questions as they were", () => {
    const explain = { question_id: 7, answer: "B" };
    const state = run(
      [send(EXPLAIN_MESSAGE, "explain", explain), { type: "started", conversationId: 3, messageId: 10 }, { type: "streamError", detail: "The tutor could not answer just now. Please try again." }, { type: "done", status: "failed", messageId: 11, tokensLeft: 12_345, now: NOW }],
      ready(),
    );
    const reply = currentConversation(state)!.messages.at(-1)!;
    expect(reply).toMatchObject({ status: "failed", retry: { message: EXPLAIN_MESSAGE, explain } });
    expect(budgetLine(state.budget!)).toBe(budgetLine(ready().budget!));
    // Retry: the same question, in the same conversation, without retyping (the draft is left alone).
    const again = tutorReducer({ ...state, draft: "half-typed" }, send(reply.retry!.message, "retry", reply.retry!.explain));
    expect(again.turn).toMatchObject({ conversationId: 3, message: EXPLAIN_MESSAGE, explain });
    expect(again.draft).toBe("half-typed");
    expect(currentConversation(again)!.messages.filter((m) => m.retry)).toEqual([]);
  });

  it("keeps what arrived when the learner stops, marked as stopped", () => {
    const state = run([send("Hi"), { type: "started", conversationId: 2, messageId: 10 }, { type: "token", text: "Half" }, { type: "stopped" }], ready());
    expect(currentConversation(state)!.messages.at(-1)).toMatchObject({ content: "Half", status: "stopped", live: undefined });
    expect(state).toMatchObject({ turn: null, announcement: "Reply stopped." });
  });

  it("marks a reply the connection cut, keeps what arrived and offers to ask again", () => {
    const state = run([send("Hi"), { type: "started", conversationId: 2, messageId: 10 }, { type: "token", text: "Half" }, { type: "failed", message: "The connection was lost before the reply finished." }], ready());
    expect(currentConversation(state)!.messages.at(-1)).toMatchObject({ content: "Half", live: "interrupted", retry: { message: "Hi" } });
    expect(state.announcement).toBe("The connection was lost before the reply finished.");
    // Asking again goes on in the same conversation.
    const again = tutorReducer(state, send("Hi", "retry"));
    expect(again.turn?.conversationId).toBe(2);
  });

  it("puts a refused question back in the box with the server's reason (429, 409...)", () => {
    const detail = "You have used today's tutor budget. It renews at midnight UTC.";
    const state = run([{ type: "typed", text: "Hi" }, send("Hi"), { type: "failed", message: detail }], ready());
    expect(state).toMatchObject({ draft: "Hi", notice: detail, announcement: detail, turn: null, currentId: 2 });
    expect(currentConversation(state)!.messages.map((m) => m.id)).toEqual([5, 6]);
    // A new conversation the server refused disappears.
    const fresh = run([{ type: "newConversation" }, send("Hi"), { type: "failed", message: detail }], ready());
    expect(fresh.conversations.map((c) => c.id)).toEqual([2, 1]);
    expect(fresh.currentId).toBeNull();
  });
});

describe("what the panel follows", () => {
  // Each step of a turn the learner would see, and whether the open conversation shows something new.
  it("is new for the question, each token, the hint and a failure's Retry, and not for the server's numbering", () => {
    const steps: [TutorAction, boolean][] = [
      [send("What is a list?"), true],
      [{ type: "started", conversationId: 2, messageId: 10 }, false],
      [{ type: "token", text: "A list" }, true],
      [{ type: "token", text: " holds" }, true],
      [{ type: "hint", text: "Which of them can change?" }, true],
      [{ type: "streamError", detail: "The model stopped sending tokens." }, true],
      [{ type: "done", status: "failed", messageId: 11, tokensLeft: 9000, now: NOW }, true],
    ];
    let state = ready();
    for (const [action, isNew] of steps) {
      const before = conversationActivity(currentConversation(state));
      state = tutorReducer(state, action);
      expect(conversationActivity(currentConversation(state)) !== before, action.type).toBe(isNew);
    }
    expect(currentConversation(state)!.messages.at(-1)!.retry).toBeDefined();
  });

  it("is new when a stopped or complete reply ends with nothing more to show", () => {
    const streaming = run([send("Hi"), { type: "started", conversationId: 2, messageId: 10 }, { type: "token", text: "Half" }], ready());
    const before = conversationActivity(currentConversation(streaming));
    expect(conversationActivity(currentConversation(tutorReducer(streaming, { type: "stopped" })))).not.toBe(before);
    expect(conversationActivity(currentConversation(tutorReducer(streaming, { type: "done", status: "complete", messageId: 11, tokensLeft: 9000, now: NOW })))).not.toBe(before);
  });
});

describe("conversations", () => {
  it("opens earlier ones and deletes them, moving to the next newest", () => {
    const state = run([{ type: "openConversation", id: 1 }], ready());
    expect(state.currentId).toBe(1);
    const deleted = tutorReducer(state, { type: "deleted", id: 1 });
    expect(deleted.conversations.map((c) => c.id)).toEqual([2]);
    expect(deleted.currentId).toBe(2);
    expect(tutorReducer(deleted, { type: "deleted", id: 2 }).currentId).toBeNull();
  });

  it("does not switch conversations while a reply streams", () => {
    const streaming = run([send("Hi")], ready());
    expect(tutorReducer(streaming, { type: "newConversation" })).toBe(streaming);
  });
});

describe("Explain my answer", () => {
  it("waits for the tutor to load, then asks in a conversation of its own", () => {
    let state = run([{ type: "explain", explain: { question_id: 42 } }]);
    state = tutorReducer(state, { type: "loaded", overview: overview() });
    expect(state).toMatchObject({ currentId: null, pendingExplain: { question_id: 42 } });
    state = tutorReducer(state, send(EXPLAIN_MESSAGE, "explain", { question_id: 42 }));
    expect(state.pendingExplain).toBeNull();
    expect(state.turn).toMatchObject({ explain: { question_id: 42 }, source: "explain" });
    expect(state.conversations).toHaveLength(3);
  });

  it("is dropped when the tutor is off or the budget spent", () => {
    expect(run([{ type: "explain", explain: { question_id: 42 } }, { type: "loaded", overview: overview({ enabled: false, off_reason: "off" }) }]).pendingExplain).toBeNull();
    const spent = { tokens_left: 0, daily_tokens: 30_000, resets_at: NOW };
    expect(run([{ type: "explain", explain: { question_id: 42 } }, { type: "loaded", overview: overview({ budget: spent }) }]).pendingExplain).toBeNull();
  });
});

describe("the budget", () => {
  it("counts about 1,000 tokens a question", () => {
    const budget = (tokens_left: number) => ({ tokens_left, daily_tokens: 30_000, resets_at: NOW });
    expect(questionsLeft(budget(12_345))).toBe(12);
    expect(questionsLeft(budget(300))).toBe(1);
    expect(questionsLeft(budget(0))).toBe(0);
    expect(budgetLine(budget(12_345))).toBe("About 12 questions left today.");
    expect(budgetLine(budget(700))).toBe("About 1 question left today.");
  });

  it("says when a spent budget renews, in the learner's time", () => {
    const spent = { tokens_left: 0, daily_tokens: 30_000, resets_at: "2026-11-27T00:00:00.000Z" };
    expect(budgetLine(spent, { timeZone: "Europe/Paris" }, "en-GB")).toBe("You have used today's questions. More are available from Friday 01:00.");
  });
});

describe("decodeTurnEvent", () => {
  it("decodes the stream's events and skips malformed ones", () => {
    expect(decodeTurnEvent("start", '{"conversation_id":1,"message_id":10}')).toEqual({ type: "start", conversationId: 1, messageId: 10 });
    expect(decodeTurnEvent("token", '{"text":"a"}')).toEqual({ type: "token", text: "a" });
    expect(decodeTurnEvent("hint", '{"text":"b"}')).toEqual({ type: "hint", text: "b" });
    expect(decodeTurnEvent("error", '{"detail":"x"}')).toEqual({ type: "error", detail: "x" });
    expect(decodeTurnEvent("done", '{"status":"stopped","message_id":11,"tokens_left":5}')).toEqual({ type: "done", status: "stopped", messageId: 11, tokensLeft: 5 });
    expect(decodeTurnEvent("done", '{"status":"weird","message_id":11,"tokens_left":5}')).toBeNull();
    expect(decodeTurnEvent("token", "not json")).toBeNull();
    expect(decodeTurnEvent("ping", "{}")).toBeNull();
  });
});
