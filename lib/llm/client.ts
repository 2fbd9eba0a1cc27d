import "server-only";
import OpenAI, { APIConnectionTimeoutError, APIError, RateLimitError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z, ZodError } from "zod";
import { getEnv, type Env } from "../env";
import type { ChatMessage } from "./prompts/render";
import { TASKS, type Task, type TaskOutput } from "./schemas";

/*
 * The one model client: the `openai` SDK pointed at OPENAI_BASE_URL (OpenAI, Ollama, vLLM or any
 * OpenAI-compatible server), one model per task. Every call has a timeout and is retried by the
 * SDK on 408/429/5xx and timeouts with exponential backoff that honours Retry-After. Output comes
 * back as structured JSON (zodResponseFormat, or JSON mode plus the same zod schema for servers
 * without JSON-schema output) and every call reports its model, tokens and duration, failed or not.
 */

export type LlmConfig = {
  apiKey: string;
  baseURL?: string;
  models: { default: string; outline: string; content: string; quiz: string };
  responseFormat: "json_schema" | "json_object";
  timeoutMs: number;
  maxRetries: number;
};

export type LlmUsage = { model: string; promptTokens: number; completionTokens: number; durationMs: number };

/** A call that produced nothing usable: `invalid_output` (regenerate) or `call_failed` (server, network, timeout). */
export class LlmError extends Error {
  constructor(
    readonly kind: "invalid_output" | "call_failed",
    message: string,
    readonly usage: LlmUsage,
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
    },
    responseFormat: env.OPENAI_RESPONSE_FORMAT,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    maxRetries: env.OPENAI_MAX_RETRIES,
  };
}

function describeSchemaError(error: ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return `The model's answer did not match the expected shape (${issues.join("; ")}).`;
}

function describeCallError(error: unknown, timeoutMs: number): string {
  if (error instanceof APIConnectionTimeoutError) return `The model did not answer within ${Math.round(timeoutMs / 1000)} s, even after retries.`;
  if (error instanceof RateLimitError) return "The model server kept answering 429 Too Many Requests, even after retries.";
  if (error instanceof APIError) {
    const status = error.status ? `${error.status} ` : "";
    return `The model server answered ${status}${error.message.replace(/^\d{3}\s*/, "").slice(0, 200)}`.trim();
  }
  return `The model call failed: ${error instanceof Error ? error.message : String(error)}`;
}

export class LlmClient {
  private readonly openai: OpenAI;

  constructor(readonly config: LlmConfig) {
    this.openai = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }

  modelFor(task: Task): string {
    return this.config.models[TASKS[task].model];
  }

  /** One structured call. Resolves with the validated answer and its usage; throws LlmError otherwise. */
  async complete<T extends Task>(task: T, messages: ChatMessage[]): Promise<{ data: TaskOutput<T>; usage: LlmUsage }> {
    const { schema, name } = TASKS[task];
    const model = this.modelFor(task);
    const started = performance.now();
    const usage: LlmUsage = { model, promptTokens: 0, completionTokens: 0, durationMs: 0 };

    const jsonSchemaFormat = zodResponseFormat(schema, name);
    const jsonMode = this.config.responseFormat === "json_object";
    const finalMessages = jsonMode
      ? [
          ...messages.slice(0, 1).map((m) => ({
            ...m,
            content: `${m.content}\n\nTask: ${name}. The JSON object must match this JSON Schema:\n${JSON.stringify(z.toJSONSchema(schema))}`,
          })),
          ...messages.slice(1),
        ]
      : messages;

    let content: string | null | undefined;
    try {
      const completion = await this.openai.chat.completions.create({
        model,
        messages: finalMessages,
        response_format: jsonMode ? { type: "json_object" } : jsonSchemaFormat,
      });
      usage.model = completion.model || model;
      usage.promptTokens = completion.usage?.prompt_tokens ?? 0;
      usage.completionTokens = completion.usage?.completion_tokens ?? 0;
      const choice = completion.choices[0];
      if (choice?.finish_reason === "length") {
        throw new LlmError("invalid_output", "The model's answer was cut off (it reached the token limit).", usage);
      }
      content = choice?.message.content;
    } catch (error) {
      usage.durationMs = Math.round(performance.now() - started);
      if (error instanceof LlmError) throw error;
      throw new LlmError("call_failed", describeCallError(error, this.config.timeoutMs), usage);
    }
    usage.durationMs = Math.round(performance.now() - started);

    if (!content) throw new LlmError("invalid_output", "The model's answer was empty.", usage);
    let data: unknown;
    try {
      // json_schema: the SDK helper's own parser (JSON.parse + the zod schema); JSON mode: the same by hand.
      data = jsonMode ? schema.parse(JSON.parse(content)) : jsonSchemaFormat.$parseRaw(content);
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
    },
    response_format: env.OPENAI_RESPONSE_FORMAT,
  };
}
