import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../tests/harness/fake-openai";
import { parseEnv } from "../env";
import { describeModelSetup, LlmClient, llmConfigFromEnv, NO_MODEL_MESSAGE } from "./client";
import { courseOutlinePrompt } from "./prompts/course-outline";
import { buildMessages, renderPrompt } from "./prompts/render";

/* The model client on the real SDK against the fake server: both output modes, per-task models, usage, errors. */

const fake = await startFakeOpenAi();
const base = { DATABASE_URL: "postgres://u:p@127.0.0.1:5432/app", AUTH_SECRET: "x".repeat(32) };
const env = (extra: Record<string, string> = {}) =>
  parseEnv({ ...base, OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url, OPENAI_TIMEOUT_MS: "1000", OPENAI_MAX_RETRIES: "1", ...extra });
const outline = buildMessages(courseOutlinePrompt, {
  course_title: "Rust Basics",
  course_description: "Ownership and borrowing.",
  course_level: "Beginner",
  topic_title: "Rust",
  section_count: 4,
  subsections_per_section: 3,
  learner_profile: "none",
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
    expect([client.modelFor("topic-courses"), client.modelFor("outline"), client.modelFor("section"), client.modelFor("verify"), client.modelFor("replace-questions")]).toEqual([
      "m-outline",
      "m-outline",
      "m-default",
      "m-quiz",
      "m-quiz",
    ]);
    await client.complete("outline", outline);
    expect(fake.requests[0]!.model).toBe("m-outline");
  });

  it.each([
    ["broken-json", "invalid_output", "The model's answer was not valid JSON."],
    ["truncated", "invalid_output", "The model's answer was cut off (it reached the token limit)."],
    ["server-error", "call_failed", "The model server answered 500 The server had an error"],
    ["timeout", "call_failed", "The model did not answer within 1 s, even after retries."],
  ] as const)("%s ends in a %s error with a readable message and its usage", async (fault, kind, message) => {
    const client = new LlmClient(llmConfigFromEnv(env())!);
    fake.addRule({ fault, times: Infinity });
    const error = await client.complete("outline", outline).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind, message, usage: { model: "gpt-4o-mini", durationMs: expect.any(Number) } });
    // Server errors and timeouts are retried by the SDK (OPENAI_MAX_RETRIES=1); bad output is the caller's to regenerate.
    expect(fake.requests).toHaveLength(kind === "call_failed" ? 2 : 1);
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
