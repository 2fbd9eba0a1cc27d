import "server-only";
import OpenAI, { APIConnectionTimeoutError, APIError, RateLimitError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z, ZodError } from "zod";
import { getEnv, type Env } from "../env";
import { observeModelCall } from "../metrics/model-calls";
import { parseJsonAnswer, splitThinking } from "./json-answer";
import type { ChatMessage } from "./render";
import { TASKS, type Task, type TaskCounts, type TaskOutput } from "./tasks";
import { CallSlots } from "./slots";

/*
 * The one model client: the `openai` SDK pointed at OPENAI_BASE_URL (OpenAI, Ollama, llama.cpp,
 * vLLM or any OpenAI-compatible server), one model per task. Every call streams, so a slow model
 * that is still writing is never cut off: a call fails when no token has arrived for
 * OPENAI_IDLE_TIMEOUT_MS, or when the whole answer passes OPENAI_TIMEOUT_MS (a generous ceiling).
 * Every call sends max_tokens sized to its task. The SDK retries 408/429/5xx and lost
 * connections with backoff that honours Retry-After; a stalled stream is not retried here (the
 * job retries that one call). Output is structured JSON (zodResponseFormat, or JSON mode plus the
 * same zod schema; reasoning written before the object is skipped, lib/platform/llm/json-answer.ts) and every call reports its model, tokens and duration, failed or not.
 * Reasoning models (docs/architecture.md, "Model habits"): their thinking (`reasoning_content`,
 * or a `<think>` block in the content) keeps the call alive and counts as progress but is never
 * parsed; their max_tokens gets a reasoning allowance on top of the task's budget; an answer the
 * thinking left no room for is reported as that, not as invalid JSON.
 */

export type LlmConfig = {
  apiKey: string;
  baseURL?: string;
  models: { default: string; outline: string; content: string; quiz: string; judge: string };
  responseFormat: "json_schema" | "json_object";
  /** Ceiling of one whole call. */
  timeoutMs: number;
  /** A call with no new token for this long has stalled. */
  idleTimeoutMs: number;
  maxRetries: number;
  /** Model calls this process has open at once. */
  concurrency: number;
  /** Sent as reasoning_effort when set; `budgetTokens` is the thinking allowance added to max_tokens. */
  reasoning: { effort?: ReasoningEffort; budgetTokens?: number };
};

export type ReasoningEffort = "minimal" | "low" | "medium" | "high";

/** Thinking tokens allowed on top of a task's answer budget, by effort (a server that reasons unasked gets `medium`'s). */
export const REASONING_BUDGET: Record<ReasoningEffort, number> = { minimal: 1024, low: 2048, medium: 4096, high: 8192 };

export const REASONING_ADVICE = "raise OPENAI_REASONING_BUDGET_TOKENS or lower OPENAI_REASONING_EFFORT";

export type LlmUsage = { model: string; promptTokens: number; completionTokens: number; durationMs: number };

/** A call in progress, as reported while it streams. */
export type LlmProgress = { model: string; startedAt: Date; firstTokenAt: Date | null; completionTokens: number };

export type CallOptions<T extends Task> = {
  /** The counts the schema pins (courses, sections, questions...), in the task schema's order. */
  counts?: TaskCounts<T>;
  /** Lower runs first when calls wait for a slot. */
  priority?: number;
  /** Called as tokens arrive (at most every PROGRESS_EVERY_MS) and once at the start. */
  onProgress?: (progress: LlmProgress) => void;
};

const PROGRESS_EVERY_MS = 1000;

/** A call that produced nothing usable: `invalid_output` (regenerate) or `call_failed` (server, network, timeout). */
export class LlmError extends Error {
  constructor(
    readonly kind: "invalid_output" | "call_failed",
    message: string,
    readonly usage: LlmUsage,
    /** The call stalled or passed its ceiling (what a slow or overloaded model looks like). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export const NO_MODEL_MESSAGE = "No model is configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a server other than OpenAI). Generation jobs wait until then.";

/** The model settings from the environment, or null when no OPENAI_API_KEY is set. */
export function llmConfigFromEnv(env: Env = getEnv()): LlmConfig | null {
  if (!env.OPENAI_API_KEY) return null;
  return {
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    models: {
      default: env.OPENAI_MODEL,
      outline: env.OPENAI_MODEL_OUTLINE ?? env.OPENAI_MODEL,
      content: env.OPENAI_MODEL_CONTENT ?? env.OPENAI_MODEL,
      quiz: env.OPENAI_MODEL_QUIZ ?? env.OPENAI_MODEL,
      judge: env.OPENAI_MODEL_JUDGE ?? env.OPENAI_MODEL,
    },
    responseFormat: env.OPENAI_RESPONSE_FORMAT,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    idleTimeoutMs: env.OPENAI_IDLE_TIMEOUT_MS,
    maxRetries: env.OPENAI_MAX_RETRIES,
    concurrency: env.GENERATION_CONCURRENCY,
    reasoning: { effort: env.OPENAI_REASONING_EFFORT, budgetTokens: env.OPENAI_REASONING_BUDGET_TOKENS },
  };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const count = (n: number) => new Intl.NumberFormat("en-US").format(n);

function describeSchemaError(error: ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return `The model's answer did not match the expected shape (${issues.join("; ")}).`;
}

function describeCallError(error: unknown, timeoutMs: number): string {
  if (error instanceof APIConnectionTimeoutError) return `The model did not answer within ${seconds(timeoutMs)}, even after retries.`;
  if (error instanceof RateLimitError) return "The model server kept answering 429 Too Many Requests, even after retries.";
  if (error instanceof APIError) {
    const detail = error.message.replace(/^\d{3}\s*/, "").slice(0, 200);
    if (error.status === 400 && /context|too long|maximum.*tokens/i.test(detail)) {
      return `The prompt does not fit the model's context window; raise the server's context size to at least 4,096 tokens (Ollama num_ctx, llama.cpp -c, vLLM --max-model-len). The server said: ${detail}`;
    }
    const status = error.status ? `${error.status} ` : "";
    return `The model server answered ${status}${detail}`.trim();
  }
  return `The model call failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** The JSON-mode system prompt: the schema spelled out, since the server does not enforce it. */
function withSchemaInPrompt(messages: ChatMessage[], name: string, schema: z.ZodType): ChatMessage[] {
  const [first, ...rest] = messages;
  if (!first) return messages;
  return [{ ...first, content: `${first.content}\n\nTask: ${name}. The JSON object must match this JSON Schema:\n${JSON.stringify(z.toJSONSchema(schema))}` }, ...rest];
}

/** What a streamed delta carries beside `content`: vLLM, llama.cpp and DeepSeek send `reasoning_content`, OpenRouter `reasoning`. */
type ReasoningDelta = { reasoning_content?: string | null; reasoning?: string | null };

export class LlmClient {
  private readonly openai: OpenAI;
  private readonly slots: CallSlots;
  /** The server sent reasoning on an earlier call: later calls get the thinking allowance even without an effort set. */
  private reasons = false;

  constructor(readonly config: LlmConfig) {
    this.openai = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: config.maxRetries });
    this.slots = new CallSlots(config.concurrency);
  }

  modelFor(task: Task): string {
    return this.config.models[TASKS[task].model];
  }

  /** max_tokens for a task: its answer budget, plus the thinking allowance once the model reasons. */
  maxTokensFor(task: Task): number {
    const { effort, budgetTokens } = this.config.reasoning;
    if (!effort && !this.reasons) return TASKS[task].maxTokens;
    return TASKS[task].maxTokens + (budgetTokens ?? REASONING_BUDGET[effort ?? "medium"]);
  }

  /** One structured call. Resolves with the validated answer and its usage; throws LlmError otherwise. */
  async complete<T extends Task>(task: T, messages: ChatMessage[], options: CallOptions<T> = {}): Promise<{ data: TaskOutput<T>; usage: LlmUsage }> {
    const release = await this.slots.acquire(options.priority);
    try {
      return await observeModelCall(task, this.stream(task, messages, options));
    } finally {
      release();
    }
  }

  private timeoutError(stopped: "idle" | "ceiling", progress: LlmProgress, usage: LlmUsage): LlmError {
    const { idleTimeoutMs, timeoutMs } = this.config;
    if (stopped === "ceiling") {
      return new LlmError("call_failed", `The model's answer was still unfinished after ${seconds(timeoutMs)} (OPENAI_TIMEOUT_MS), at about ${count(progress.completionTokens)} tokens.`, usage, true);
    }
    const message = progress.firstTokenAt
      ? `The model stopped sending tokens for ${seconds(idleTimeoutMs)} after about ${count(progress.completionTokens)} tokens (OPENAI_IDLE_TIMEOUT_MS).`
      : `The model sent no token within ${seconds(idleTimeoutMs)} (OPENAI_IDLE_TIMEOUT_MS); is the server overloaded or still loading the model?`;
    return new LlmError("call_failed", message, usage, true);
  }

  private async stream<T extends Task>(task: T, messages: ChatMessage[], options: CallOptions<T>): Promise<{ data: TaskOutput<T>; usage: LlmUsage }> {
    const { name } = TASKS[task];
    const maxTokens = this.maxTokensFor(task);
    const { effort } = this.config.reasoning;
    const build = TASKS[task].schema as (...counts: unknown[]) => z.ZodType;
    // The server gets the counts; the answer is parsed without them (the content checks judge counts).
    const schema = build(...(options.counts ?? []));
    const loose = build();
    const model = this.modelFor(task);
    const { idleTimeoutMs, timeoutMs } = this.config;
    const started = performance.now();
    const progress: LlmProgress = { model, startedAt: new Date(), firstTokenAt: null, completionTokens: 0 };
    const usage: LlmUsage = { model, promptTokens: 0, completionTokens: 0, durationMs: 0 };
    const jsonSchemaFormat = zodResponseFormat(schema, name);
    const jsonMode = this.config.responseFormat === "json_object";

    // The idle timer restarts with every chunk; the ceiling covers the whole call.
    const abort = new AbortController();
    let stopped: "idle" | "ceiling" | null = null;
    let idle = setTimeout(() => ((stopped = "idle"), abort.abort()), idleTimeoutMs);
    const ceiling = setTimeout(() => ((stopped = "ceiling"), abort.abort()), timeoutMs);
    options.onProgress?.({ ...progress });
    let reportedAt = performance.now();

    let content = "";
    let reasoning = "";
    let reasoningTokens = 0;
    let finishReason: string | null = null;
    try {
      const stream = await this.openai.chat.completions.create(
        {
          model,
          messages: jsonMode ? withSchemaInPrompt(messages, name, schema) : messages,
          response_format: jsonMode ? { type: "json_object" } : jsonSchemaFormat,
          max_tokens: maxTokens,
          ...(effort ? { reasoning_effort: effort } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: abort.signal },
      );
      for await (const chunk of stream) {
        clearTimeout(idle);
        idle = setTimeout(() => ((stopped = "idle"), abort.abort()), idleTimeoutMs);
        if (chunk.model) usage.model = progress.model = chunk.model;
        const choice = chunk.choices[0];
        const thought = (choice?.delta as ReasoningDelta | undefined)?.reasoning_content ?? (choice?.delta as ReasoningDelta | undefined)?.reasoning;
        if (thought) reasoning += thought;
        if (choice?.delta?.content || thought) {
          content += choice?.delta?.content ?? "";
          progress.firstTokenAt ??= new Date();
          // A running estimate (about four characters a token); the server's count replaces it at the end.
          progress.completionTokens = Math.ceil((reasoning.length + content.length) / 4);
          if (options.onProgress && performance.now() - reportedAt >= PROGRESS_EVERY_MS) {
            reportedAt = performance.now();
            options.onProgress({ ...progress });
          }
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) {
          usage.promptTokens = chunk.usage.prompt_tokens;
          usage.completionTokens = chunk.usage.completion_tokens;
          reasoningTokens = chunk.usage.completion_tokens_details?.reasoning_tokens ?? 0;
        }
      }
    } catch (error) {
      usage.durationMs = Math.round(performance.now() - started);
      usage.completionTokens ||= progress.completionTokens;
      if (stopped) throw this.timeoutError(stopped, progress, usage);
      throw new LlmError("call_failed", describeCallError(error, timeoutMs), usage, error instanceof APIConnectionTimeoutError);
    } finally {
      clearTimeout(idle);
      clearTimeout(ceiling);
    }
    usage.durationMs = Math.round(performance.now() - started);
    usage.completionTokens ||= progress.completionTokens;
    // An aborted stream may simply end instead of throwing.
    if (stopped) throw this.timeoutError(stopped, progress, usage);

    const inline = splitThinking(content);
    const thinking = reasoning + inline.thinking;
    if (thinking || reasoningTokens) this.reasons = true;
    reasoningTokens ||= Math.ceil(thinking.length / 4);
    // Thinking that left no room for the answer (docs/architecture.md, "Model habits").
    if (reasoningTokens && (!inline.answer.trim() || (finishReason === "length" && reasoningTokens * 2 >= maxTokens))) {
      throw new LlmError(
        "invalid_output",
        inline.answer.trim()
          ? `The model spent about ${count(reasoningTokens)} of its ${count(maxTokens)} tokens reasoning and its answer was cut off; ${REASONING_ADVICE}.`
          : `The model spent its whole budget of ${count(maxTokens)} tokens reasoning and wrote no answer; ${REASONING_ADVICE}.`,
        usage,
      );
    }
    if (finishReason === "length") {
      const reason =
        usage.completionTokens >= maxTokens
          ? `it reached max_tokens, ${count(maxTokens)} tokens, which a well-formed answer never needs: the model was probably repeating itself`
          : `the server's context window ran out after ${count(usage.promptTokens)} prompt + ${count(usage.completionTokens)} answer tokens; raise its context size to at least 4,096 tokens`;
      throw new LlmError("invalid_output", `The model's answer was cut off (${reason}).`, usage);
    }
    if (!content) throw new LlmError("invalid_output", "The model's answer was empty.", usage);
    let data: unknown;
    try {
      data = loose.parse(parseJsonAnswer(inline.answer));
    } catch (error) {
      if (error instanceof ZodError) throw new LlmError("invalid_output", describeSchemaError(error), usage);
      throw new LlmError("invalid_output", "The model's answer was not valid JSON.", usage);
    }
    return { data: data as TaskOutput<T>, usage };
  }
}

let cached: { client: LlmClient | null } | undefined;

/** The configured client, or null when no model is configured (jobs then wait). */
export function getLlm(): LlmClient | null {
  if (!cached) {
    const config = llmConfigFromEnv();
    cached = { client: config ? new LlmClient(config) : null };
  }
  return cached.client;
}

/** Model settings as the admin area shows them (never the key). */
export function describeModelSetup(env: Env = getEnv()) {
  const config = llmConfigFromEnv(env);
  return {
    model_configured: config !== null,
    notice: config ? null : NO_MODEL_MESSAGE,
    base_url: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    models: {
      outline: env.OPENAI_MODEL_OUTLINE ?? env.OPENAI_MODEL,
      content: env.OPENAI_MODEL_CONTENT ?? env.OPENAI_MODEL,
      quiz: env.OPENAI_MODEL_QUIZ ?? env.OPENAI_MODEL,
      judge: env.GENERATION_JUDGE === "on" ? (env.OPENAI_MODEL_JUDGE ?? env.OPENAI_MODEL) : null,
    },
    reasoning_effort: env.OPENAI_REASONING_EFFORT ?? null,
    response_format: env.OPENAI_RESPONSE_FORMAT,
    concurrency: env.GENERATION_CONCURRENCY,
    idle_timeout_ms: env.OPENAI_IDLE_TIMEOUT_MS,
    free: env.OPENAI_PRICE_INPUT_PER_MTOK === 0 && env.OPENAI_PRICE_OUTPUT_PER_MTOK === 0,
  };
}
