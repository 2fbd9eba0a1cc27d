import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../harness/http";
import { secretOf, totp } from "../harness/totp";

/*
 * With ADMIN_REQUIRE_TWO_FACTOR=true the API, like the admin pages, refuses an admin
 * who has not confirmed two-factor sign-in, except for what setting it up takes; without the
 * setting (the default, the seed accounts and every other test) admins work as before.
 */

const REQUIRED = { detail: "Two-factor authentication is required for admin accounts." };
type Call = typeof import("../harness/http").call;
let call: Call;

/** The app, built afresh with the setting (lib/platform/env.ts reads the environment once). */
async function appWith(required: string | undefined): Promise<Call> {
  vi.unstubAllEnvs();
  vi.stubEnv("ADMIN_REQUIRE_TWO_FACTOR", required);
  vi.resetModules();
  return (await import("../harness/http")).call;
}

beforeAll(async () => {
  call = await appWith("true");
});

afterAll(() => vi.unstubAllEnvs());

describe("ADMIN_REQUIRE_TWO_FACTOR=true in the API", () => {
  it("refuses an admin without two-factor on admin routes and on a learner's data, lets them set it up, then opens", async () => {
    const admin = await createUser("admin");
    const learner = await createUser();
    const listUsers = () => call("GET /users", { token: admin.token });
    const learnerCourses = () => call("GET /mycourses", { token: admin.token, path: `/mycourses?user_id=${learner.user.id}` });

    const refused = [await listUsers(), await learnerCourses()];
    expect(refused.map((r) => [r.status, r.body])).toEqual([
      [403, REQUIRED],
      [403, REQUIRED],
    ]);
    // What setting it up takes stays open.
    expect((await call("GET /users/me", { token: admin.token })).status).toBe(200);
    const started = await call("POST /users/me/two-factor", { token: admin.token, json: { password: admin.password } });
    expect(started.status).toBe(200);
    // Begun is not enough: only a confirmed authenticator counts.
    expect((await listUsers()).status).toBe(403);
    const confirmed = await call("POST /users/me/two-factor/confirm", { token: admin.token, json: { code: totp(secretOf(started.body.otpauth_uri)) } });
    expect(confirmed.status).toBe(200);

    expect((await listUsers()).status).toBe(200);
    expect((await learnerCourses()).status).toBe(200);
  });

  it("leaves learners alone, and lets the admin sign out", async () => {
    const learner = await createUser();
    expect((await call("GET /mycourses", { token: learner.token, path: `/mycourses?user_id=${learner.user.id}` })).status).toBe(200);
    const admin = await createUser("admin");
    expect((await call("POST /log_out", { token: admin.token })).status).toBe(200);
    expect((await call("GET /users/me", { token: admin.token })).status).toBe(401);
  });
});

describe("without ADMIN_REQUIRE_TWO_FACTOR (the default)", () => {
  it("an admin without two-factor uses the admin API", async () => {
    const defaultCall = await appWith(undefined);
    const admin = await createUser("admin");
    expect((await defaultCall("GET /users", { token: admin.token })).status).toBe(200);
  });
});
