import "server-only";
import OpenAI from "openai";
import { getEnv, type Env } from "../env";
import { llmConfigFromEnv, type LlmUsage } from "./client";
import { CallSlots } from "./slots";

/*
 * Free-text chat through the same `openai` SDK and model server as generation, streamed token by
 * token to an interactive caller (the lesson tutor, docs/tutor.md). Its own slots in the web
 * process (TUTOR_CONCURRENCY): generation's calls wait in the worker's slots, so a tutor turn
 * never queues behind a course's calls here; at the model server it waits at most for the calls
 * the worker has open (GENERATION_CONCURRENCY, 1 on a one-slot local server).
 * Reasoning never reaches the caller: `reasoning_content` deltas are skipped (they still count as
 * the model being alive), and so is a `<think>...</think>` block at the start of the content.
 */

export type ChatRole = "system" | "user" | "assistant";
export type ChatTurn = { role: ChatRole; content: string };

export type ChatEnd = {
  usage: LlmUsage;
  /** complete, length (max_tokens reached), stopped (the caller's signal), idle (no token for OPENAI_IDLE_TIMEOUT_MS), failed. */
  outcome: "complete" | "length" | "stopped" | "idle" | "failed";
  /** What went wrong, in words a learner can read (idle and failed only). */
  problem?: string;
};

export type ChatModel = {
  readonly model: string;
  /** Streams the reply's text; returns how it ended. Never throws for a model failure. */
  stream(messages: ChatTurn[], options: { maxTokens: number; signal: AbortSignal }): AsyncGenerator<string, ChatEnd>;
};

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";

/** Drops a leading `<think>...</think>` block from streamed content, chunk by chunk. */
export function thinkFilter(): (chunk: string) => string {
  let state: "start" | "thinking" | "text" = "start";
  let pending = "";
  return (chunk) => {
    if (state === "text") return chunk;
    pending += chunk;
    if (state === "start") {
      const trimmed = pending.trimStart();
      if (trimmed.length < THINK_OPEN.length && THINK_OPEN.startsWith(trimmed)) return "";
      if (!trimmed.startsWith(THINK_OPEN)) {
        state = "text";
        const text = pending;
        pending = "";
        return text;
      }
      state = "thinking";
      pending = trimmed.slice(THINK_OPEN.length);
    }
    const close = pending.indexOf(THINK_CLOSE);
    if (close === -1) {
      // Keep only what could be the start of the closing tag.
      pending = pending.slice(-THINK_CLOSE.length);
      return "";
    }
    state = "text";
    const text = pending.slice(close + THINK_CLOSE.length).replace(/^\s+/, "");
    pending = "";
    return text;
  };
}

class OpenAiChat implements ChatModel {
  private readonly openai: OpenAI;
  private readonly slots: CallSlots;

  constructor(
    readonly model: string,
    private readonly env: Env,
  ) {
    const config = llmConfigFromEnv(env)!;
    // One retry at most: a learner is waiting.
    this.openai = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: Math.min(config.maxRetries, 1) });
    this.slots = new CallSlots(env.TUTOR_CONCURRENCY);
  }

  async *stream(messages: ChatTurn[], options: { maxTokens: number; signal: AbortSignal }): AsyncGenerator<string, ChatEnd> {
    const started = performance.now();
    const usage: LlmUsage = { model: this.model, promptTokens: 0, completionTokens: 0, durationMs: 0 };
    const abort = new AbortController();
    let stopped: "idle" | "stopped" | null = null;
    const onCallerAbort = () => ((stopped ??= "stopped"), abort.abort());
    if (options.signal.aborted) return { usage, outcome: "stopped" };
    options.signal.addEventListener("abort", onCallerAbort, { once: true });
    const release = await this.slots.acquire();
    const idleMs = this.env.OPENAI_IDLE_TIMEOUT_MS;
    let idle = setTimeout(() => ((stopped ??= "idle"), abort.abort()), idleMs);
    const strip = thinkFilter();
    let text = "";
    let finish: string | null = null;
    try {
      if (options.signal.aborted) return { usage, outcome: "stopped" };
      const stream = await this.openai.chat.completions.create(
        { model: this.model, messages, max_tokens: options.maxTokens, stream: true, stream_options: { include_usage: true } },
        { signal: abort.signal },
      );
      for await (const chunk of stream) {
        clearTimeout(idle);
        idle = setTimeout(() => ((stopped ??= "idle"), abort.abort()), idleMs);
        if (chunk.model) usage.model = chunk.model;
        const choice = chunk.choices[0];
        const content = choice?.delta?.content;
        if (content) {
          text += content;
          const shown = strip(content);
          if (shown) yield shown;
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage) {
          usage.promptTokens = chunk.usage.prompt_tokens;
          usage.completionTokens = chunk.usage.completion_tokens;
        }
      }
    } catch (error) {
      if (!stopped) return this.end(usage, started, text, "failed", describe(error));
    } finally {
      clearTimeout(idle);
      options.signal.removeEventListener("abort", onCallerAbort);
      release();
    }
    if (stopped === "idle") return this.end(usage, started, text, "idle", `The tutor stopped answering (no reply for ${Math.round(idleMs / 1000)} s). Please try again.`);
    if (stopped === "stopped") return this.end(usage, started, text, "stopped");
    return this.end(usage, started, text, finish === "length" ? "length" : "complete");
  }

  private end(usage: LlmUsage, started: number, text: string, outcome: ChatEnd["outcome"], problem?: string): ChatEnd {
    usage.durationMs = Math.round(performance.now() - started);
    // A call cut short reports no usage: about four characters a token.
    usage.completionTokens ||= Math.ceil(text.length / 4);
    return { usage, outcome, ...(problem ? { problem } : {}) };
  }
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status === 400 && /context|too long|maximum.*tokens/i.test(error.message)) {
    return "This conversation no longer fits the model's context: start a new conversation.";
  }
  if (error instanceof OpenAI.RateLimitError) return "The model server is busy. Please try again in a moment.";
  return "The tutor could not answer just now. Please try again.";
}

let cached: { chat: ChatModel | null } | undefined;

/** The tutor's model, or null when no model is configured. */
export function getChatModel(): ChatModel | null {
  if (!cached) {
    const env = getEnv();
    cached = { chat: env.OPENAI_API_KEY ? new OpenAiChat(env.OPENAI_MODEL_TUTOR ?? env.OPENAI_MODEL, env) : null };
  }
  return cached.chat;
}
