import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const valid = { DATABASE_URL: "postgres://u:p@127.0.0.1:5432/app", AUTH_SECRET: "x".repeat(32) };

describe("parseEnv", () => {
  it("fills every default from a minimal environment", () => {
    const env = parseEnv(valid);
    expect(env.NODE_ENV).toBe("development");
    expect(env.DATABASE_POOL_MAX).toBe(10);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.SEED_ADMIN_EMAIL).toBe("admin@learnpath.local");
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("names a missing DATABASE_URL", () => {
    expect(() => parseEnv({ AUTH_SECRET: valid.AUTH_SECRET })).toThrowError(/DATABASE_URL/);
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["DATABASE_POOL_MAX", { ...valid, DATABASE_POOL_MAX: "lots" }],
    ["APP_URL", { ...valid, APP_URL: "localhost" }],
    ["SMTP_URL", { ...valid, SMTP_URL: "http://mail" }],
    ["SEED_ADMIN_EMAIL", { ...valid, SEED_ADMIN_EMAIL: "not-an-email" }],
    ["SEED_LEARNER_PASSWORD", { ...valid, SEED_LEARNER_PASSWORD: "123" }],
    ["NODE_ENV", { ...valid, NODE_ENV: "staging" }],
    ["AUTH_SECRET", { ...valid, AUTH_SECRET: "short" }],
    ["TRUST_PROXY", { ...valid, TRUST_PROXY: "maybe" }],
    // Shorter than the header timeout may be: Node would refuse to start the server.
    ["HTTP_REQUEST_TIMEOUT_MS", { ...valid, HTTP_REQUEST_TIMEOUT_MS: "60000" }],
    ["SOURCE_MAX_UPLOADS_IN_FLIGHT", { ...valid, SOURCE_MAX_UPLOADS_IN_FLIGHT: "0" }],
  ])("names the wrong variable %s", (name, source) => {
    try {
      parseEnv(source);
      expect.unreachable("parseEnv accepted a wrong value");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.join("\n")).toContain(`${name}:`);
    }
  });

  it("treats empty optional variables as unset", () => {
    const env = parseEnv({ ...valid, SMTP_URL: "", OPENAI_API_KEY: "  " });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
  });

  it("lower-cases seed e-mails", () => {
    expect(parseEnv({ ...valid, SEED_ADMIN_EMAIL: "Boss@Example.COM" }).SEED_ADMIN_EMAIL).toBe("boss@example.com");
  });
});
