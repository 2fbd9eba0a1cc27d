import { z } from "zod";
import { databaseEnvShape, EnvError, parseEnvWith } from "../../db/env";
import { logger } from "./log/logger";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./schemas/password-length";

export { EnvError };

/*
 * Every environment variable the app reads, validated once. A wrong or missing value stops
 * the process with a message naming the variable (see formatEnvError). .env.example mirrors this.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const seedPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional();

const email = z.string().trim().toLowerCase().pipe(z.email({ error: "must be an e-mail address" }));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Defined beside the pool that reads them (db/env.ts).
  ...databaseEnvShape,
  AUTH_SECRET: z
    .string({ error: "is required: a random string of at least 32 characters (npm run dev creates one in .data/)" })
    .min(32, "must be at least 32 characters"),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  // true: an admin must turn on two-factor sign-in before the admin area (pages and API) opens.
  ADMIN_REQUIRE_TWO_FACTOR: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Days a lost authenticator's recovery through the mailbox waits before two-factor sign-in is removed (docs/product-rules.md).
  TWO_FACTOR_RECOVERY_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  // Organisation sign-in (OpenID Connect): all three set, or none. The button reads "Continue with <OIDC_BUTTON_LABEL>".
  OIDC_ISSUER: optionalString.pipe(z.url({ error: "must be the provider's issuer URL" }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).default("your organisation"),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // How many reverse proxies of yours stand in front (X-Forwarded-For hops counted from the right).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  // The web server's limits on slow clients (server/web-server.ts, docs/security.md): the
  // headers must arrive within HTTP_HEADERS_TIMEOUT_MS of the request's first byte, the whole
  // request within HTTP_REQUEST_TIMEOUT_MS; a body must keep arriving at HTTP_BODY_MIN_BYTES_PER_SECOND
  // or more, measured over HTTP_BODY_RATE_WINDOW_MS (0: no minimum). The ranges do not overlap, so
  // the header timeout is always the shorter, as Node requires.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(120_000).max(60 * 60_000).default(300_000),
  HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10 * 1024 * 1024).default(1024),
  HTTP_BODY_RATE_WINDOW_MS: z.coerce.number().int().min(1000).max(10 * 60_000).default(10_000),
  APP_URL: z.url({ error: "must be an absolute URL such as http://localhost:3000" }).default("http://localhost:3000"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("LearnPath <no-reply@learnpath.local>"),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url({ error: "must be an absolute URL" }).optional()),
  OPENAI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  // Per-task models; unset means OPENAI_MODEL.
  OPENAI_MODEL_OUTLINE: optionalString,
  OPENAI_MODEL_CONTENT: optionalString,
  OPENAI_MODEL_QUIZ: optionalString,
  // json_schema: structured output (OpenAI, vLLM, recent Ollama); json_object: JSON mode for servers without it.
  OPENAI_RESPONSE_FORMAT: z.enum(["json_schema", "json_object"], { error: "must be json_schema or json_object" }).default("json_schema"),
  // Calls stream: one fails when no token arrives for OPENAI_IDLE_TIMEOUT_MS, or when the whole
  // answer takes longer than OPENAI_TIMEOUT_MS (a ceiling a slow local model should never reach).
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60 * 60_000).default(600_000),
  OPENAI_IDLE_TIMEOUT_MS: z.coerce.number().int().min(500).max(30 * 60_000).default(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  // Prices in US dollars per million tokens, for the cost estimate in the generation log.
  OPENAI_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).default(0.15),
  OPENAI_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).default(0.6),
  // How long after a quiz item's key was shown it may count toward a pass again, when a concept
  // has no unseen item left (docs/product-rules.md, "Practice"). Hours; 0 counts at once.
  REVEAL_COOLDOWN_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  // The lesson tutor (docs/tutor.md): tokens (prompt + reply) one learner may use per UTC day
  // (about 30 turns), all learners together per day, one reply's max_tokens, and the tutor's
  // model calls this web process has open at once (beside, never behind, the worker's generation).
  TUTOR_DAILY_TOKENS: z.coerce.number().int().min(0).max(100_000_000).default(45_000),
  TUTOR_SERVER_DAILY_TOKENS: z.coerce.number().int().min(0).max(10_000_000_000).default(5_000_000),
  TUTOR_MAX_TOKENS: z.coerce.number().int().min(64).max(8192).default(700),
  TUTOR_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  OPENAI_MODEL_TUTOR: optionalString,
  // The answer guard's model check (docs/tutor.md, "The model check"): on, a sentence the rules held
  // and could not judge goes to the judge model (OPENAI_MODEL_JUDGE), which must answer within the
  // time limit or the reply is cut.
  TUTOR_GUARD_CHECK: z.enum(["on", "off"], { error: "must be on or off" }).default("off"),
  TUTOR_GUARD_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  // Courses one learner may ask to have written for them (POST /courses/generate) per 24 hours, and
  // the tokens the model calls of every learner's own courses may use per UTC day, all together
  // (docs/product-rules.md, "Course requests"): past it, requests and resumes wait for the next day.
  PERSONAL_COURSES_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
  PERSONAL_COURSES_SERVER_DAILY_TOKENS: z.coerce.number().int().min(0).max(10_000_000_000).default(5_000_000),
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  GENERATION_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  GENERATION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  GENERATION_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
  GENERATION_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  GENERATION_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  // Whether generated courses wait for an admin before learners see them (docs/product-rules.md,
  // "Review and publication"); a topic may say otherwise.
  GENERATION_REVIEW: z.enum(["off", "required"]).default("off"),
  // Reasoning models (docs/architecture.md, "Model habits"): the effort sent as reasoning_effort
  // when set, and the tokens allowed for thinking on top of each task's answer (default by effort).
  OPENAI_REASONING_EFFORT: optionalString.pipe(z.enum(["minimal", "low", "medium", "high"], { error: "must be minimal, low, medium or high" }).optional()),
  OPENAI_REASONING_BUDGET_TOKENS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(200_000).optional()),
  // The judge pass (docs/product-rules.md, "Judge"): one call per published section, on its own model.
  GENERATION_JUDGE: z.enum(["on", "off"], { error: "must be on or off" }).default("off"),
  OPENAI_MODEL_JUDGE: optionalString,
  // Sources (docs/sources.md): the largest file one upload may send, the most pages a PDF may
  // have, how long one file's extraction may run and how much memory (MB, its whole process) its
  // child process may use before it is stopped, how much a file's compressed parts may expand to
  // (MB), how many sources of their own one learner may keep, and how many uploads one user may
  // have under way at once (each is held in the web process's memory while it arrives).
  SOURCE_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(20 * 1024 * 1024),
  SOURCE_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  SOURCE_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60 * 60_000).default(180_000),
  SOURCE_EXTRACT_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(512),
  SOURCE_MAX_DECODED_MB: z.coerce.number().int().min(1).max(16_384).default(100),
  SOURCE_MAX_PER_LEARNER: z.coerce.number().int().min(0).max(100).default(3),
  SOURCE_MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).max(20).default(2),
  // The worker's own /healthz and /readyz (unset: none; the Docker image listens on 3001).
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WORKER_HEALTH_HOST: z.string().trim().min(1).default("0.0.0.0"),
  // Bearer token for GET /metrics (web server and the worker's health port); unset: no /metrics.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters (openssl rand -hex 32)").optional()),
  // The JSON log's level (lib/platform/log/logger.ts).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be fatal, error, warn, info, debug, trace or silent" }).default("info"),
  SEED_ADMIN_EMAIL: email.default("admin@learnpath.local"),
  SEED_ADMIN_PASSWORD: optionalString.pipe(seedPassword),
  SEED_LEARNER_EMAIL: email.default("learner@learnpath.local"),
  SEED_LEARNER_PASSWORD: optionalString.pipe(seedPassword),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  return parseEnvWith(envSchema, source);
}

let cached: Env | undefined;

/** The validated environment, parsed on first use (so `next build` does not need a database). */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For a process's entry point: the environment, or exit with a log line naming each wrong variable. */
export function getEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    return exitOnEnvError(error);
  }
}

/** Logs why the environment cannot be used (each wrong variable by name) and ends the process. */
export function exitOnEnvError(error: unknown): never {
  if (error instanceof EnvError) logger().fatal({ problems: error.problems }, "invalid environment");
  else logger().fatal({ err: error }, "could not read the environment");
  process.exit(1);
}
