import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { FAKE_TASKS, goodAnswer, tokensOf, variantOf, type FakeTask, type Question } from "./fake-answers";

export { goodAnswer, type FakeTask } from "./fake-answers";

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
 * Faults are queued as rules: broken JSON, a wrong key, duplicate options, a verifier that
 * disagrees with the key, a timeout (never answers), 429 with Retry-After, 500, a cut-off answer,
 * a stall in the middle of a streamed answer, a question count one short. Variant answers have
 * the habits of real models on their own (reasoning before the JSON, the key always option A) and,
 * as rules, a key leaked into the question, a copy of an item the prompt showed, one variant too
 * many or too few; a rule's `also` adds more faults to the same answer.
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
  | "extra-variant";

export type FakeRule = {
  fault: FakeFault;
  /** Only requests for this task (default: any). */
  task?: FakeTask;
  /** Only requests whose prompt matches. */
  match?: RegExp;
  /** How many matching requests get the fault (default 1; Infinity for all). */
  times?: number;
  /** Retry-After seconds for rate-limit (default 1). */
  retryAfter?: number;
  /** More faults in the same answer, after `fault` (answer faults only). */
  also?: FakeFault[];
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
};

/** `instant`: the old fixed-latency fake; `hosted`: a fast hosted API; `local`: a small model on a 2-core CPU. */
export const FAKE_PROFILES = {
  instant: { ttftMs: 0, tokensPerSecond: Infinity, slots: Infinity, contextTokens: Infinity, wrongCountEvery: 0 },
  hosted: { ttftMs: 300, tokensPerSecond: 60, slots: 8, contextTokens: 128_000, wrongCountEvery: 0 },
  local: { ttftMs: 1000, tokensPerSecond: 20, slots: 1, contextTokens: 4096, wrongCountEvery: 7 },
} satisfies Record<string, FakeProfile>;

export type FakeProfileName = keyof typeof FAKE_PROFILES;

export type FakeRequest = {
  task: FakeTask | "unknown";
  at: number;
  prompt: string;
  fault: FakeFault | null;
  model: string;
  stream: boolean;
  maxTokens: number | null;
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
};

type Body = {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream_options?: { include_usage?: boolean };
  response_format?: FakeRequest["responseFormat"];
  messages?: { content?: unknown }[];
};

function taskOf(body: Body): { task: FakeTask | "unknown"; prompt: string } {
  const prompt = (body.messages ?? []).map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const named = body.response_format?.json_schema?.name ?? /Task: (\w+)/.exec(prompt)?.[1];
  return { task: FAKE_TASKS.includes(named as FakeTask) ? (named as FakeTask) : "unknown", prompt };
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

export type FakeOpenAi = {
  url: string;
  requests: FakeRequest[];
  inFlight: () => FakeRequest[];
  addRule: (rule: FakeRule) => void;
  clearRules: () => void;
  /** A fixed latency before every answer (the instant profile's only delay). */
  setLatency: (ms: number) => void;
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
      promptTokens: tokensOf(prompt),
      completionTokens: 0,
      responseFormat: body.response_format,
    };
    requests.push(record);
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
      if (gone.signal.aborted) return;

      const schema = body.response_format?.json_schema?.schema;
      const good = goodAnswer(task, prompt, schema) as Record<string, unknown>;
      let fault = rule?.fault ?? null;
      if (!fault && profile.wrongCountEvery && (task === "quiz_questions" || task === "replacement_questions") && ++questionCalls % profile.wrongCountEvery === 0) {
        fault = "wrong-count";
        record.fault = fault;
      }
      let answer: Record<string, unknown> | string = good;
      for (const f of [fault, ...(rule?.also ?? [])]) if (f && typeof answer !== "string") answer = faultyAnswer(f, answer, prompt);
      let content = typeof answer === "string" ? answer : JSON.stringify(answer);
      if (task === "question_variants") content = REASONING + content;
      // The answer stops at max_tokens, or where the context runs out.
      const budget = Math.min(maxTokens ?? Infinity, profile.contextTokens - record.promptTokens);
      let finish: "stop" | "length" = fault === "truncated" ? "length" : "stop";
      if (tokensOf(content) > budget) {
        content = content.slice(0, budget * 4);
        finish = "length";
      }
      record.completionTokens = tokensOf(content);
      const usage = { prompt_tokens: record.promptTokens, completion_tokens: record.completionTokens, total_tokens: record.promptTokens + record.completionTokens };
      const id = `chatcmpl-fake-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      const model = body.model ?? "fake-model";

      if (!record.stream) {
        await wait((record.completionTokens / profile.tokensPerSecond) * 1000 * scale, gone.signal);
        if (gone.signal.aborted) return;
        record.finishedAt = Date.now();
        return respond(res, 200, {
          id,
          object: "chat.completion",
          created,
          model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finish, logprobs: null }],
          usage,
        });
      }

      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const send = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) =>
        res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }], ...extra })}\n\n`);
      send({ role: "assistant", content: "" }, null);
      // Tokens go out in ticks of ~50 ms of real time, as many as the rate allows by then.
      const msPerToken = (1000 / profile.tokensPerSecond) * scale;
      const started = performance.now();
      let sent = 0;
      while (sent < content.length && !gone.signal.aborted) {
        if (fault === "stall" && sent >= Math.floor(content.length / 2)) return; // stops mid-answer, connection open
        let due = Number.isFinite(msPerToken) && msPerToken > 0 ? Math.floor((performance.now() - started) / msPerToken) * 4 : content.length;
        if (fault === "stall") due = Math.min(due, Math.floor(content.length / 2));
        if (due > sent) {
          const piece = content.slice(sent, Math.min(due, content.length));
          sent += piece.length;
          send({ content: piece }, null);
        }
        if (sent < content.length) await wait(Math.min(50, Math.max(5, msPerToken)), gone.signal);
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
    clearRules: () => {
      rules = [];
    },
    setLatency: (ms) => {
      latencyMs = ms;
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
