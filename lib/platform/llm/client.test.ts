import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_PROFILES, startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { parseEnv } from "../env";
import { describeModelSetup, LlmClient, llmConfigFromEnv, NO_MODEL_MESSAGE, type LlmProgress } from "./client";
import { courseOutlinePrompt } from "../../authoring/prompts/course-outline";
import { buildMessages, renderPrompt } from "./render";
import type { Task } from "./tasks";

/* The model client on the real SDK against the fake server: both output modes, per-task models, usage, errors. */

const fake = await startFakeOpenAi();
const base = { DATABASE_URL: "postgres://u:p@127.0.0.1:5432/app", AUTH_SECRET: "x".repeat(32) };
const env = (extra: Record<string, string> = {}) =>
  parseEnv({ ...base, OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url, OPENAI_TIMEOUT_MS: "5000", OPENAI_IDLE_TIMEOUT_MS: "1000", OPENAI_MAX_RETRIES: "1", ...extra });
const client = () => new LlmClient(llmConfigFromEnv(env())!);
const outline = buildMessages(courseOutlinePrompt, {
  course_title: "Rust Basics",
  course_description: "Ownership and borrowing.",
  course_level: "Beginner",
  topic_title: "Rust",
  section_count: 4,
  subsections_per_section: 3,
  learner_profile: "none",
  source_material: "",
});

afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("LlmClient", () => {
  it("asks for structured output from the zod schema and returns the validated answer with its usage", async () => {
    const client = new LlmClient(llmConfigFromEnv(env())!);
    const { data, usage } = await client.complete("outline", outline);
    expect(data.sections).toHaveLength(4);
    expect(data.sections[0]!.subsections).toHaveLength(3);
    expect(usage).toMatchObject({ model: "gpt-4o-mini", promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
    expect(usage.promptTokens).toBeGreaterThan(0);
    const format = fake.requests[0]!.responseFormat!;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema).toMatchObject({ name: "course_outline", strict: true });
    expect(JSON.stringify(format.json_schema!.schema)).toContain('"subsections"');
  });

  it("JSON mode (servers without JSON-schema output) sends the schema in the prompt and validates the same way", async () => {
    const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_RESPONSE_FORMAT: "json_object" }))!);
    const { data } = await client.complete("outline", outline);
    expect(data.sections).toHaveLength(4);
    expect(fake.requests[0]!.responseFormat).toEqual({ type: "json_object" });
    expect(fake.requests[0]!.prompt).toContain("The JSON object must match this JSON Schema:");
    fake.addRule({ fault: "wrong-key" });
    await expect(client.complete("outline", outline)).rejects.toMatchObject({ kind: "invalid_output", message: expect.stringMatching(/^The model's answer did not match the expected shape/) });
  });

  it("uses the model of each task", async () => {
    const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_MODEL: "m-default", OPENAI_MODEL_OUTLINE: "m-outline", OPENAI_MODEL_QUIZ: "m-quiz" }))!);
    expect(["topic-courses", "outline", "subsection", "questions", "verify", "replace-questions", "question-variants", "judge"].map((t) => client.modelFor(t as Task))).toEqual([
      "m-outline",
      "m-outline",
      "m-default",
      "m-quiz",
      "m-quiz",
      "m-quiz",
      "m-quiz",
      "m-default",
    ]);
    await client.complete("outline", outline);
    expect(fake.requests[0]!.model).toBe("m-outline");
  });

  it("streams, sends max_tokens for the task, and pins the counts it knows in the schema", async () => {
    const client = new LlmClient(llmConfigFromEnv(env())!);
    await client.complete("outline", outline, { counts: [4, 3] });
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ stream: true, maxTokens: 1000 });
    const schema = JSON.stringify(request.responseFormat!.json_schema!.schema);
    expect(schema).toContain('"sections":{"minItems":4,"maxItems":4');
    expect(schema).toContain('"subsections":{"minItems":3,"maxItems":3');
  });

  it("a wrong count is left to the content checks, not rejected as a malformed answer", async () => {
    const client = new LlmClient(llmConfigFromEnv(env())!);
    // The fake follows the prompt (4 sections); the schema asks for 5 and the answer still parses.
    const { data } = await client.complete("outline", outline, { counts: [5, 3] });
    expect(data.sections).toHaveLength(4);
  });

  it("reports progress while the answer streams: tokens so far and when the first one came", async () => {
    const slow = await startFakeOpenAi({ profile: { ttftMs: 50, tokensPerSecond: 100, slots: 1, contextTokens: 8192, wrongCountEvery: 0 } });
    try {
      const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_BASE_URL: slow.url }))!);
      const reports: LlmProgress[] = [];
      const { usage } = await client.complete("outline", outline, { onProgress: (p) => reports.push(p) });
      expect(reports[0]).toMatchObject({ completionTokens: 0, firstTokenAt: null });
      const later = reports.slice(1);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((p) => p.firstTokenAt !== null && p.completionTokens > 0 && p.completionTokens <= usage.completionTokens)).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it.each([
    ["broken-json", "invalid_output", "The model's answer was not valid JSON."],
    ["runaway", "invalid_output", "The model's answer was cut off (it reached max_tokens, 1,000 tokens, which a well-formed answer never needs: the model was probably repeating itself)."],
    ["server-error", "call_failed", "The model server answered 500 The server had an error"],
    ["timeout", "call_failed", "The model sent no token within 1 s (OPENAI_IDLE_TIMEOUT_MS); is the server overloaded or still loading the model?"],
    ["stall", "call_failed", /^The model stopped sending tokens for 1 s after about [\d,]+ tokens \(OPENAI_IDLE_TIMEOUT_MS\)\.$/],
  ] as const)("%s ends in a %s error with a readable message and its usage", async (fault, kind, message) => {
    const client = new LlmClient(llmConfigFromEnv(env())!);
    fake.addRule({ fault, times: Infinity });
    const error = await client.complete("outline", outline).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind, message: typeof message === "string" ? message : expect.stringMatching(message), usage: { model: "gpt-4o-mini", durationMs: expect.any(Number) } });
    // Server errors are retried by the SDK (OPENAI_MAX_RETRIES=1); a stalled stream and bad output are the caller's to redo.
    expect(fake.requests).toHaveLength(fault === "server-error" ? 2 : 1);
  });

  it("a prompt longer than the server's context fails with a reason that says how to fix it", async () => {
    const small = await startFakeOpenAi({ profile: { ...FAKE_PROFILES.local, contextTokens: 100 } });
    try {
      const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_BASE_URL: small.url }))!);
      const error = await client.complete("outline", outline).catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: "call_failed",
        message: expect.stringMatching(/^The prompt does not fit the model's context window; raise the server's context size to at least 4,096 tokens \(Ollama num_ctx, llama\.cpp -c, vLLM --max-model-len\)\. The server said: the request exceeds the available context size/),
      });
    } finally {
      await small.close();
    }
  });

  it("an answer the context window cuts short says so", async () => {
    const small = await startFakeOpenAi({ profile: { ...FAKE_PROFILES.instant, contextTokens: 300 } });
    try {
      const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_BASE_URL: small.url }))!);
      const error = await client.complete("outline", outline).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "invalid_output", message: expect.stringMatching(/^The model's answer was cut off \(the server's context window ran out after \d+ prompt \+ \d+ answer tokens; raise its context size to at least 4,096 tokens\)\.$/) });
    } finally {
      await small.close();
    }
  });

  it("never has more calls open than GENERATION_CONCURRENCY, so a one-slot server never queues one", async () => {
    const local = await startFakeOpenAi({ profile: "local", timeScale: 0.01 });
    try {
      const client = new LlmClient(llmConfigFromEnv(env({ OPENAI_BASE_URL: local.url, GENERATION_CONCURRENCY: "1" }))!);
      await Promise.all([1, 2, 3].map(() => client.complete("outline", outline)));
      expect(local.requests).toHaveLength(3);
      expect(local.requests.map((r) => r.queued)).toEqual([false, false, false]);
    } finally {
      await local.close();
    }
  });
});

describe("reasoning models (docs/architecture.md, \"Model habits\")", () => {
  const withReasoning = async (extra: Record<string, string>, run: (client: LlmClient, server: Awaited<ReturnType<typeof startFakeOpenAi>>) => Promise<void>) => {
    const server = await startFakeOpenAi({ profile: "reasoning" });
    try {
      await run(new LlmClient(llmConfigFromEnv(env({ OPENAI_BASE_URL: server.url, ...extra }))!), server);
    } finally {
      await server.close();
    }
  };

  it("sends OPENAI_REASONING_EFFORT as reasoning_effort, adds its thinking allowance to max_tokens, and parses the answer after the thinking", async () => {
    await withReasoning({ OPENAI_REASONING_EFFORT: "low" }, async (client, server) => {
      const { data, usage } = await client.complete("outline", outline);
      expect(data.sections).toHaveLength(4);
      expect(server.requests[0]).toMatchObject({ reasoningEffort: "low", maxTokens: 1000 + 2048 });
      // The thinking went out as reasoning_content and counts as completion tokens.
      expect(server.requests[0]!.deltas[0]!.field).toBe("reasoning_content");
      expect(usage.completionTokens).toBe(server.requests[0]!.completionTokens);
      expect(usage.completionTokens).toBeGreaterThan(300);
    });
    // Unset, nothing is sent.
    await client().complete("outline", outline);
    expect(fake.requests[0]!.reasoningEffort).toBeNull();
  });

  it("a server that reasons unasked gets the allowance from the next call on; OPENAI_REASONING_BUDGET_TOKENS sets its size", async () => {
    await withReasoning({}, async (client, server) => {
      await client.complete("verify", outline);
      await client.complete("verify", outline);
      expect(server.requests.map((r) => r.maxTokens)).toEqual([600, 600 + 4096]);
    });
    await withReasoning({ OPENAI_REASONING_EFFORT: "high", OPENAI_REASONING_BUDGET_TOKENS: "500" }, async (client, server) => {
      await client.complete("outline", outline);
      expect(server.requests[0]).toMatchObject({ reasoningEffort: "high", maxTokens: 1500 });
    });
  });

  it("thinking that spends the whole budget is reported as that, not as invalid JSON", async () => {
    await withReasoning({ OPENAI_REASONING_EFFORT: "minimal" }, async (client, server) => {
      server.addRule({ fault: "overthink" });
      const error = await client.complete("outline", outline).catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: "invalid_output",
        message: "The model spent its whole budget of 2,024 tokens reasoning and wrote no answer; raise OPENAI_REASONING_BUDGET_TOKENS or lower OPENAI_REASONING_EFFORT.",
      });
    });
  });
});

describe("without OPENAI_API_KEY", () => {
  it("there is no client and the setup says no model is configured", () => {
    const noKey = parseEnv(base);
    expect(llmConfigFromEnv(noKey)).toBeNull();
    expect(describeModelSetup(noKey)).toMatchObject({ model_configured: false, notice: NO_MODEL_MESSAGE, models: { outline: "gpt-4o-mini" } });
  });
});

describe("prompt templates", () => {
  it("every placeholder needs a value and every value a placeholder", () => {
    expect(renderPrompt("Hi {{name}}", { name: "Ada" })).toBe("Hi Ada");
    expect(() => renderPrompt("Hi {{name}}", {})).toThrow("Prompt variable {{name}} has no value.");
    expect(() => renderPrompt("Hi", { name: "Ada" })).toThrow("Prompt variables not in the template: name.");
  });
});
