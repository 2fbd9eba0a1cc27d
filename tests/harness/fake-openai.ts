import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { FAKE_TASKS, generationThinking, goodAnswer, judgeFlagsFirstQuestion, keyFirst, promptPassages, tokensOf, tutorReply, UNSUPPORTED_CLAIM, variantOf, type FakeChatTask, type FakeTask, type Question } from "./fake-answers";

export { goodAnswer, UNSUPPORTED_CLAIM, type FakeChatTask, type FakeTask } from "./fake-answers";

/*
 * A fake OpenAI-compatible server on loopback (test code only), so tests exercise the real SDK
 * path: POST /v1/chat/completions, plain JSON or server-sent events when `stream: true`. It
 * recognises the task from the structured-output schema name (or the "Task: ..." line in JSON
 * mode) and answers with valid JSON of realistic length (tests/harness/fake-answers.ts).
 *
 * Timing follows a profile: an answer takes time-to-first-token + tokens / rate, requests beyond
 * the profile's slots wait in a queue (as llama.cpp's server does), a prompt longer than the
 * context is refused with llama.cpp's error, and an answer stops at max_tokens (or the end of the
 * context) with finish_reason "length". `timeScale` shrinks every delay for fast tests.
 *
 * Faults are queued as rules (a rule with an `id` can be removed again, so a plan made to fail every
 * try can be let through for its resume): broken JSON, a wrong key, duplicate options, a verifier that
 * disagrees with the key, a timeout (never answers), 429 with Retry-After, 500, a cut-off answer,
 * a stall in the middle of a streamed answer, a question count one short. Variant answers have
 * the habits of real models on their own (reasoning before the JSON, the key always option A) and,
 * as rules, a key leaked into the question, a copy of an item the prompt showed, one variant too
 * many or too few; a rule's `also` adds more faults to the same answer.
 *
 * Source tasks (a course written from sources) are answered from the passages the prompt numbers
 * (fake-answers.ts): a lesson cites the numbers it was given, `source_quiz_questions` name one of
 * them, `grounding_check` lists the lesson's sentences no given passage holds (normally none).
 * Source faults, on `subsection_content`: "bad-citation" cites [k+1] where the prompt gave
 * [1]..[k] (the citation check rejects it and the lesson is written again; `times: Infinity` fails
 * the course), "unsupported-claim" adds UNSUPPORTED_CLAIM, in no passage, citing [1], which the
 * fake grounding check then lists (a `grounding` flag on the published lesson).
 *
 * The chat task `tutor` (the AI tutor's conversation) is a request with no response_format whose
 * first (system) message has the line "Task: tutor". Its answer is plain markdown, ~60-180 tokens
 * fixed by the prompt (fake-answers.ts tutorReply): it quotes the start of the learner's last
 * message, never states an answer of its own, shows a short code block when the prompt mentions
 * code and ends on a guiding question. It streams word by word, as real servers send tokens, with
 * the same timing, slots, context refusal, max_tokens cut-off, usage and abort detection as the
 * generation tasks. Under a profile with `thinking` (`local`), the reasoning model's thinking goes
 * first as `delta.reasoning_content` (as vLLM, DeepSeek and llama.cpp send it; `reasoning_content`
 * beside `content` when not streamed), and it counts towards max_tokens and the usage.
 * Chat faults: "inline-think" sends the thinking as `<think>...</think>` at the start of `content`
 * instead (some servers do); "leak-answer" states `say` (default: "The answer to question N is
 * <K>.", K from the prompt's first "KEY: K" line, N from "question N" in the learner's last
 * message, else 1) at the start of the reply's second paragraph, its key (what follows the last
 * " is ") spread over two or three deltas (`sayAt: "end"`: as the reply's last sentence). "timeout", "rate-limit", "server-error", "stall",
 * "truncated" and "runaway" work as for the other tasks. `sentReply` reads back from the request
 * log what was sent for a request, delta by delta.
 *
 * Model habits and the judge (docs/architecture.md, "Model habits"): under a profile with
 * `reasoningTokens` (`reasoning`), generation tasks think that many tokens first, sent as
 * `reasoning_content` like the tutor's thinking, counted towards max_tokens and the usage
 * (completion_tokens_details.reasoning_tokens); the fault "overthink" makes any task think past any
 * budget, so max_tokens runs out before the answer starts. The request log keeps the
 * `reasoning_effort` sent. "key-first" puts every question's key first (the habit variants always
 * have). The task `section_judgement` answers no errors; "judge-flags" reports one major error on
 * its first question.
 *
 * `hold()` keeps the next matching call open until the test releases it, before its answer or
 * (streamed) after a number of content deltas: a model call known to be in flight at a given
 * moment (the database outage test cuts PostgreSQL while a tutor reply streams).
 *
 * The tutor's guard check (`tutor_guard_check`, lib/tutor/guard-check.ts) answers leak for the
 * forms only understanding reads (a riddle naming the key's letter, a key in Spanish) and no leak
 * otherwise (fake-answers.ts guardCheckVerdict); "timeout" and "server-error" work on it too.
 */

export type FakeFault =
  | "broken-json"
  | "wrong-key"
  | "duplicate-options"
  | "disagree"
  | "timeout"
  | "rate-limit"
  | "server-error"
  | "truncated"
  | "stall"
  | "runaway"
  | "wrong-count"
  | "leak-key"
  | "copy-example"
  | "extra-variant"
  | "leak-answer"
  | "inline-think"
  | "bad-citation"
  | "unsupported-claim"
  | "overthink"
  | "key-first"
  | "judge-flags";

export type FakeRule = {
  fault: FakeFault;
  /** Only requests for this task (default: any). */
  task?: FakeTask | FakeChatTask;
  /** Only requests whose prompt matches. */
  match?: RegExp;
  /** How many matching requests get the fault (default 1; Infinity for all). */
  times?: number;
  /** Retry-After seconds for rate-limit (default 1). */
  retryAfter?: number;
  /** More faults in the same answer, after `fault` (answer and chat faults only). */
  also?: FakeFault[];
  /** What leak-answer slips into the reply (default: the prompt's "KEY: ..." line as a sentence). */
  say?: string;
  /** A name to remove the rule by (removeRule), e.g. a plan made to fail until a test lets it through. */
  id?: string;
  /** Where leak-answer puts `say`: the start of the second paragraph (default), or the reply's last sentence. */
  sayAt?: "second-paragraph" | "end";
};

export type FakeProfile = {
  /** Time to first token, ms. */
  ttftMs: number;
  /** Answer tokens per second per request; Infinity answers at once. */
  tokensPerSecond: number;
  /** Requests served at once; more wait in a queue. */
  slots: number;
  /** Context window in tokens (prompt + answer). */
  contextTokens: number;
  /** Every n-th question-writing call answers one question short (0: never). */
  wrongCountEvery: number;
  /** A reasoning model: chat replies send their thinking first, as `reasoning_content`. */
  thinking?: boolean;
  /** Tokens a generation task thinks before its JSON, sent as `reasoning_content` (0 or unset: none). */
  reasoningTokens?: number;
};

/** `instant`: the old fixed-latency fake; `hosted`: a fast hosted API; `local`: a small model on a 2-core CPU. */
export const FAKE_PROFILES = {
  instant: { ttftMs: 0, tokensPerSecond: Infinity, slots: Infinity, contextTokens: Infinity, wrongCountEvery: 0 },
  hosted: { ttftMs: 300, tokensPerSecond: 60, slots: 8, contextTokens: 128_000, wrongCountEvery: 0 },
  local: { ttftMs: 1000, tokensPerSecond: 20, slots: 1, contextTokens: 4096, wrongCountEvery: 7, thinking: true },
  /** A hosted reasoning model at instant speed: every task thinks before it answers. */
  reasoning: { ttftMs: 0, tokensPerSecond: Infinity, slots: Infinity, contextTokens: 128_000, wrongCountEvery: 0, thinking: true, reasoningTokens: 300 },
} satisfies Record<string, FakeProfile>;

export type FakeProfileName = keyof typeof FAKE_PROFILES;

export type FakeDelta = { field: "content" | "reasoning_content"; text: string };

export type FakeRequest = {
  task: FakeTask | FakeChatTask | "unknown";
  at: number;
  prompt: string;
  fault: FakeFault | null;
  model: string;
  stream: boolean;
  maxTokens: number | null;
  /** The `reasoning_effort` the request asked for, if any. */
  reasoningEffort: string | null;
  promptTokens: number;
  completionTokens: number;
  responseFormat: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } } | undefined;
  /** When a slot took the request. */
  startedAt?: number;
  /** It had to wait for a slot (every slot was busy when it came in). */
  queued?: boolean;
  finishedAt?: number;
  /** The client hung up before the answer was complete. */
  aborted?: boolean;
  /** The server refused it (context overflow, unknown task). */
  refused?: string;
  /** What went back to the client, in order: one delta per event when streamed, one per field when not. */
  deltas: FakeDelta[];
};

/** What the fake sent back for a request so far: its content and thinking, whole and delta by delta. */
export function sentReply(request: FakeRequest): { content: string; reasoning: string; contentDeltas: string[]; reasoningDeltas: string[] } {
  const of = (field: FakeDelta["field"]) => request.deltas.filter((d) => d.field === field).map((d) => d.text);
  const contentDeltas = of("content");
  const reasoningDeltas = of("reasoning_content");
  return { content: contentDeltas.join(""), reasoning: reasoningDeltas.join(""), contentDeltas, reasoningDeltas };
}

type Body = {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
  stream_options?: { include_usage?: boolean };
  response_format?: FakeRequest["responseFormat"];
  messages?: { role?: string; content?: unknown }[];
};

/** A message's text: a string, or the text parts of a content array (as the SDK allows). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return Array.isArray(content) ? content.map((p: { type?: string; text?: unknown }) => (p?.type === "text" && typeof p.text === "string" ? p.text : "")).join("") : "";
}

function taskOf(body: Body): { task: FakeTask | FakeChatTask | "unknown"; prompt: string } {
  const prompt = (body.messages ?? []).map((m) => textOf(m.content)).join("\n");
  // A chat task asks for no format, and only its system prompt names it (never a learner's message).
  if (!body.response_format && /^Task: tutor$/m.test(textOf(body.messages?.[0]?.content))) return { task: "tutor", prompt };
  const named = body.response_format?.json_schema?.name ?? /Task: (\w+)/.exec(prompt)?.[1];
  return { task: FAKE_TASKS.includes(named as FakeTask) ? (named as FakeTask) : "unknown", prompt };
}

/** leak-answer's sentence when the rule has no `say`: the key a test planted in the prompt. */
function leakedSentence(prompt: string, lastUser: string): string {
  const key = /^KEY: (.*)$/m.exec(prompt)?.[1] ?? "the first option";
  return `The answer to question ${/question (\d+)/i.exec(lastUser)?.[1] ?? 1} is ${key}.`;
}

/**
 * Where a chat reply's deltas end: after every word (real servers send a token or so per event),
 * where the thinking gives way to the content, and inside a leaked key (so no single delta holds it).
 */
function chatCuts(text: string, reasoningLength: number, key?: { start: number; end: number }): number[] {
  const cuts = [...text.matchAll(/\S+\s*/g)].map((m) => m.index + m[0].length);
  if (reasoningLength) cuts.push(reasoningLength);
  if (key && key.end - key.start > 1) {
    const parts = Math.min(3, key.end - key.start);
    for (let i = 1; i < parts; i++) cuts.push(key.start + Math.round(((key.end - key.start) * i) / parts));
  }
  return [...new Set(cuts)].sort((a, b) => a - b);
}

/** Reasoning a thinking model writes before its JSON, braces included. */
const REASONING = "Let me think step by step. Each concept needs {a few} fresh variants, so I will keep the right answer first.\n\nHere is the JSON:\n";

function faultyAnswer(fault: FakeFault, good: Record<string, unknown>, prompt: string): Record<string, unknown> | string {
  const variants = Array.isArray(good.variants) ? (good.variants as Question[]) : null;
  switch (fault) {
    case "leak-key":
      // The first variant says its own answer.
      return variants ? { variants: variants.map((v, i) => (i === 0 ? { ...v, question: `${v.question} (The answer is "${v.correct_answer}".)` } : v)) } : good;
    case "copy-example": {
      // The second variant is an item the prompt showed as an example, word for word.
      const example = /^ {2}Example: (.+)$/m.exec(prompt)?.[1];
      return variants && example ? { variants: variants.map((v, i) => (i === 1 ? { ...v, question: example } : v)) } : good;
    }
    case "extra-variant":
      return variants?.length ? { variants: [...variants, variantOf(variants[0]!.concept, variants.length)] } : good;
    case "broken-json":
      return JSON.stringify(good).slice(0, 40);
    case "wrong-key": {
      const [key, value] = Object.entries(good)[0]!;
      const { [key]: _dropped, ...rest } = good;
      return { ...rest, [`${key}_list`]: value };
    }
    case "duplicate-options": {
      if (!Array.isArray(good.questions)) return good;
      return { ...good, questions: (good.questions as Question[]).map((q) => ({ ...q, options: [q.options[0]!, q.options[0]!, q.options[1]!, q.options[2]!] })) };
    }
    case "disagree": {
      if (!Array.isArray(good.answers)) return good;
      return { answers: (good.answers as { number: number; answer: string }[]).map((a, i) => (i === 0 ? { ...a, answer: "No: a different option" } : a)) };
    }
    case "runaway":
      // A model looping inside a JSON string: it would never close it (max_tokens cuts it).
      return `${JSON.stringify(good).slice(0, -2)}${" and so on".repeat(2000)}`;
    case "bad-citation": {
      if (typeof good.content !== "string") return good;
      const given = promptPassages(prompt).length;
      return { content: good.content.replace(/\[\d+\]/, `[${given + 1}]`) };
    }
    case "unsupported-claim":
      return typeof good.content === "string" ? { content: `${UNSUPPORTED_CLAIM} [1].\n\n${good.content}` } : good;
    case "key-first":
      return keyFirst(good);
    case "judge-flags":
      return judgeFlagsFirstQuestion(good);
    case "wrong-count":
      if (variants) return { variants: variants.slice(0, -1) };
      return Array.isArray(good.questions) ? { ...good, questions: (good.questions as Question[]).slice(1) } : good;
    default:
      return good;
  }
}

/** A FIFO of slots: what makes a one-slot local server queue its second caller. */
function slotQueue(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire: (signal: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        if (busy < size) {
          busy++;
          return resolve(true);
        }
        const take = () => {
          signal.removeEventListener("abort", cancel);
          busy++;
          resolve(true);
        };
        const cancel = () => {
          waiting.splice(waiting.indexOf(take), 1);
          resolve(false);
        };
        waiting.push(take);
        signal.addEventListener("abort", cancel, { once: true });
      }),
    full: () => busy >= size,
    release: () => {
      busy--;
      waiting.shift()?.();
    },
  };
}

/** Where a held call stops: before its answer, or (streamed) after this many content deltas. */
export type FakeHoldOptions = { task?: FakeTask | FakeChatTask; match?: RegExp; afterDeltas?: number };

/** One call held open (the first to match after `hold()`), until the test releases it. */
export type FakeHold = {
  /** Resolves with the call once it is held. */
  reached: Promise<FakeRequest>;
  /** Lets it go on (at once if it has not come yet: then it is not held at all). */
  release: () => void;
};

type HeldCall = FakeHoldOptions & { taken: boolean; released: boolean; reach: (request: FakeRequest) => void; waiters: (() => void)[] };

export type FakeOpenAi = {
  url: string;
  requests: FakeRequest[];
  inFlight: () => FakeRequest[];
  addRule: (rule: FakeRule) => void;
  /** Removes the rules added with this `id` (the other rules stay). */
  removeRule: (id: string) => void;
  clearRules: () => void;
  /** A fixed latency before every answer (the instant profile's only delay). */
  setLatency: (ms: number) => void;
  /** Holds the next matching call open (a model call in flight for as long as a test needs). */
  hold: (options?: FakeHoldOptions) => FakeHold;
  reset: () => void;
  close: () => Promise<void>;
};

export type FakeOptions = { latencyMs?: number; port?: number; profile?: FakeProfileName | FakeProfile; timeScale?: number };

export async function startFakeOpenAi(options: FakeOptions = {}): Promise<FakeOpenAi> {
  const profile: FakeProfile = typeof options.profile === "object" ? options.profile : FAKE_PROFILES[options.profile ?? "instant"];
  const scale = options.timeScale ?? 1;
  let latencyMs = options.latencyMs ?? 0;
  let rules: (FakeRule & { left: number })[] = [];
  let questionCalls = 0;
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const slots = slotQueue(profile.slots);
  const holds: HeldCall[] = [];
  const takeHold = (task: FakeRequest["task"], prompt: string) => {
    const held = holds.find((h) => !h.taken && !h.released && (!h.task || h.task === task) && (!h.match || h.match.test(prompt)));
    if (held) held.taken = true;
    return held;
  };
  /** Keeps the call here until its hold is released or the client hangs up. */
  const heldHere = (held: HeldCall, record: FakeRequest, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      held.reach(record);
      if (held.released || signal.aborted) return resolve();
      held.waiters.push(resolve);
      signal.addEventListener("abort", () => resolve(), { once: true });
    });

  const respond = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return respond(res, 404, { error: { message: "not found" } });
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: Body;
    try {
      body = JSON.parse(raw);
    } catch {
      return respond(res, 400, { error: { message: "bad json" } });
    }
    const gone = new AbortController();
    res.on("close", () => gone.abort());

    const { task, prompt } = taskOf(body);
    const rule = rules.find((r) => r.left > 0 && (!r.task || r.task === task) && (!r.match || r.match.test(prompt)));
    if (rule) rule.left--;
    const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? null;
    const record: FakeRequest = {
      task,
      at: Date.now(),
      prompt,
      fault: rule?.fault ?? null,
      model: body.model ?? "",
      stream: body.stream === true,
      maxTokens,
      reasoningEffort: body.reasoning_effort ?? null,
      promptTokens: tokensOf(prompt),
      completionTokens: 0,
      responseFormat: body.response_format,
      deltas: [],
    };
    requests.push(record);
    const held = takeHold(task, prompt);
    gone.signal.addEventListener("abort", () => {
      if (record.finishedAt === undefined) record.aborted = true;
    });
    if (task === "unknown") {
      record.refused = "unknown task";
      return respond(res, 400, { error: { message: "unknown task" } });
    }
    if (rule?.fault === "timeout") return; // never answers; the client's timeout ends it
    if (rule?.fault === "rate-limit" || rule?.fault === "server-error") {
      record.finishedAt = Date.now();
      return rule.fault === "rate-limit"
        ? respond(res, 429, { error: { message: "Rate limit reached", type: "rate_limit_error" } }, { "retry-after": String(rule.retryAfter ?? 1) })
        : respond(res, 500, { error: { message: "The server had an error" } });
    }
    if (record.promptTokens >= profile.contextTokens) {
      // What llama.cpp's server answers when the prompt alone does not fit the slot's context.
      record.refused = "context";
      record.finishedAt = Date.now();
      return respond(res, 400, {
        error: {
          code: 400,
          message: `the request exceeds the available context size (${record.promptTokens} tokens > ${profile.contextTokens}), try increasing it`,
          type: "exceed_context_size_error",
          n_prompt_tokens: record.promptTokens,
          n_ctx: profile.contextTokens,
        },
      });
    }

    record.queued = slots.full();
    if (!(await slots.acquire(gone.signal))) return;
    try {
      record.startedAt = Date.now();
      await wait((latencyMs + profile.ttftMs) * scale, gone.signal);
      if (held && (held.afterDeltas === undefined || !record.stream)) await heldHere(held, record, gone.signal);
      if (gone.signal.aborted) return;

      let fault = rule?.fault ?? null;
      if (!fault && profile.wrongCountEvery && (task === "quiz_questions" || task === "replacement_questions") && ++questionCalls % profile.wrongCountEvery === 0) {
        fault = "wrong-count";
        record.fault = fault;
      }
      const faults = [fault, ...(rule?.also ?? [])];
      // What the model writes: its thinking (chat only), then the content; `cuts` end deltas early.
      let reasoning = "";
      let content: string;
      let cuts: number[] = [];
      if (task === "tutor") {
        const lastUser = textOf((body.messages ?? []).findLast((m) => m.role === "user")?.content);
        const say = faults.includes("leak-answer") ? (rule?.say ?? leakedSentence(prompt, lastUser)) : undefined;
        const reply = tutorReply(prompt, lastUser, say, rule?.sayAt);
        content = reply.content;
        let key = reply.key;
        if (faults.includes("inline-think")) {
          const think = `<think>\n${reply.thinking}\n</think>\n\n`;
          content = think + content;
          key = key && { start: key.start + think.length, end: key.end + think.length };
        } else if (profile.thinking) reasoning = reply.thinking;
        if (faults.includes("runaway")) content += " and so on".repeat(2000);
        cuts = chatCuts(reasoning + content, reasoning.length, key && { start: reasoning.length + key.start, end: reasoning.length + key.end });
      } else {
        const schema = body.response_format?.json_schema?.schema;
        let answer: Record<string, unknown> | string = goodAnswer(task, prompt, schema) as Record<string, unknown>;
        for (const f of faults) if (f && typeof answer !== "string") answer = faultyAnswer(f, answer, prompt);
        content = typeof answer === "string" ? answer : JSON.stringify(answer);
        if (task === "question_variants") content = REASONING + content;
        reasoning = generationThinking(task, profile.reasoningTokens ?? 0);
      }
      if (faults.includes("overthink")) reasoning = generationThinking(task, 100_000);
      // Generation answers go out in as few deltas as the rate allows, the thinking apart from the JSON.
      if (task !== "tutor" || faults.includes("overthink")) cuts = reasoning ? [reasoning.length] : [];
      // The answer stops at max_tokens, or where the context runs out; thinking counts towards both.
      const budget = Math.min(maxTokens ?? Infinity, profile.contextTokens - record.promptTokens);
      let finish: "stop" | "length" = fault === "truncated" ? "length" : "stop";
      let text = reasoning + content;
      if (tokensOf(text) > budget) {
        text = text.slice(0, budget * 4);
        reasoning = reasoning.slice(0, text.length);
        content = text.slice(reasoning.length);
        finish = "length";
      }
      record.completionTokens = tokensOf(text);
      const usage = {
        prompt_tokens: record.promptTokens,
        completion_tokens: record.completionTokens,
        total_tokens: record.promptTokens + record.completionTokens,
        ...(reasoning ? { completion_tokens_details: { reasoning_tokens: tokensOf(reasoning) } } : {}),
      };
      const id = `chatcmpl-fake-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      const model = body.model ?? "fake-model";

      if (!record.stream) {
        await wait((record.completionTokens / profile.tokensPerSecond) * 1000 * scale, gone.signal);
        if (gone.signal.aborted) return;
        record.finishedAt = Date.now();
        if (reasoning) record.deltas.push({ field: "reasoning_content", text: reasoning });
        record.deltas.push({ field: "content", text: content });
        const message = { role: "assistant", content, ...(reasoning ? { reasoning_content: reasoning } : {}), refusal: null };
        return respond(res, 200, { id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage });
      }

      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const send = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) =>
        res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }], ...extra })}\n\n`);
      send({ role: "assistant", content: "" }, null);
      // Tokens go out in ticks of ~50 ms of real time, as many as the rate allows by then.
      const msPerToken = (1000 / profile.tokensPerSecond) * scale;
      const started = performance.now();
      let sent = 0;
      let cut = 0;
      while (sent < text.length && !gone.signal.aborted) {
        if (fault === "stall" && sent >= Math.floor(text.length / 2)) return; // stops mid-answer, connection open
        let due = Math.min(text.length, Number.isFinite(msPerToken) && msPerToken > 0 ? Math.floor((performance.now() - started) / msPerToken) * 4 : text.length);
        if (fault === "stall") due = Math.min(due, Math.floor(text.length / 2));
        // What is due goes out as one delta, or (chat) one per word up to it.
        while (due > sent && !gone.signal.aborted) {
          if (held?.afterDeltas !== undefined && record.deltas.filter((d) => d.field === "content").length === held.afterDeltas && !held.waiters.length && !held.released) {
            await heldHere(held, record, gone.signal);
            if (gone.signal.aborted) break;
          }
          while (cut < cuts.length && cuts[cut]! <= sent) cut++;
          const end = Math.min(due, cuts[cut] ?? Infinity);
          const delta: FakeDelta = { field: sent < reasoning.length ? "reasoning_content" : "content", text: text.slice(sent, end) };
          sent = end;
          send({ [delta.field]: delta.text }, null);
          record.deltas.push(delta);
        }
        if (sent < text.length) await wait(Math.min(50, Math.max(5, msPerToken)), gone.signal);
      }
      if (gone.signal.aborted) return;
      send({}, finish);
      if (body.stream_options?.include_usage) res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
      res.write("data: [DONE]\n\n");
      record.finishedAt = Date.now();
      res.end();
    } finally {
      slots.release();
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => respond(res, 500, { error: { message: String(error) } }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    inFlight: () => requests.filter((r) => r.finishedAt === undefined && !r.aborted && r.fault !== "timeout" && !r.refused),
    addRule: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    removeRule: (id) => {
      rules = rules.filter((r) => r.id !== id);
    },
    clearRules: () => {
      rules = [];
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    hold: (options = {}) => {
      let reach!: (request: FakeRequest) => void;
      const reached = new Promise<FakeRequest>((resolve) => (reach = resolve));
      const held: HeldCall = { ...options, taken: false, released: false, reach, waiters: [] };
      holds.push(held);
      return {
        reached,
        release: () => {
          held.released = true;
          for (const resume of held.waiters.splice(0)) resume();
        },
      };
    },
    reset: () => {
      rules = [];
      requests.length = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
