import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, users, verifications } from "../../db/schema";
import { otpIdentifier } from "./email-otp";
import { latestCode } from "../../e2e/fixtures/smtp-capture";
import { call, createUser, setUserActive } from "../../tests/harness/http";
import { TEST_ADMIN } from "../../tests/harness/global-setup";
import { withMailDelivery } from "../../tests/harness/mail";

const delivery = withMailDelivery();
let adminToken: string;

beforeAll(async () => {
  const login = await call("POST /log_in", { form: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  adminToken = login.body.access_token;
});

// Rate-limit counters are per e-mail and IP; each test starts with none so tests stay independent.
beforeEach(async () => {
  await getDb().delete(rateLimits);
});

let seq = 0;
const newEmail = () => `new-${Date.now()}-${++seq}@example.com`;

/** The email-OTP plugin's row for the code: what it stores, and the wrong tries counted on it. */
async function codeRow(email: string, purpose: "register" | "reset_password") {
  const [row] = await getDb().select().from(verifications).where(eq(verifications.identifier, otpIdentifier(email, purpose)));
  if (!row) return undefined;
  const [codeHash, attempts] = row.value.split(":");
  return { codeHash: codeHash!, attempts: Number(attempts) };
}

describe("POST /log_in", () => {
  it("answers a bearer token and the user for the right password", async () => {
    const { email, password, user } = await createUser();
    const res = await call("POST /log_in", { form: { grant_type: "password", username: email.toUpperCase(), password, scope: "", client_id: "", client_secret: "" } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("bearer");
    // A Better Auth session token (opaque), not a JWT.
    expect(res.body.access_token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.user).toEqual({ id: user.id, first_name: "Test", last_name: user.lastName, email, role: "user", is_active: true, created_at: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
  });

  it.each([
    ["a wrong password", { username: "learner@learnpath.test", password: "wrong-password" }, 401, "Invalid email or password."],
    ["an unknown e-mail", { username: "nobody@example.com", password: "whatever1" }, 401, "Invalid email or password."],
    ["a missing username", { password: "whatever1" }, 422, "Email is required"],
    ["a bad e-mail", { username: "not-an-email", password: "whatever1" }, 422, "Invalid email"],
    ["a short password", { username: "a@b.co", password: "123" }, 422, "Password must be at least 6 characters"],
  ])("refuses %s", async (_name, form, status, detail) => {
    const res = await call("POST /log_in", { form: form as Record<string, string> });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });

  it("refuses JSON (the contract is form-encoded) with 415", async () => {
    const res = await call("POST /log_in", { json: { username: "a@b.co", password: "secret1" } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/x-www-form-urlencoded/);
  });

  it("refuses an inactive user even with the right password", async () => {
    const { email, password, user } = await createUser();
    await setUserActive(user.id, false);
    const res = await call("POST /log_in", { form: { username: email, password } });
    expect(res.status).toBe(403);
  });

  it("stops an address after 10 failures on one e-mail, even with the right password, with Retry-After", async () => {
    const { email, password } = await createUser();
    for (let i = 0; i < 10; i++) {
      expect((await call("POST /log_in", { form: { username: email, password: "wrong-one" } })).status).toBe(401);
    }
    const locked = await call("POST /log_in", { form: { username: email, password } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("roles and tokens", () => {
  it("GET /users: 401 anonymous, 401 bad token, 403 learner, 200 admin", async () => {
    const learner = await createUser();
    expect((await call("GET /users")).status).toBe(401);
    expect((await call("GET /users", { token: "not.a.token" })).status).toBe(401);
    const forbidden = await call("GET /users", { token: learner.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: expect.any(String) });
    const ok = await call("GET /users", { token: adminToken });
    expect(ok.status).toBe(200);
    expect(ok.body.some((u: { email: string }) => u.email === learner.email)).toBe(true);
  });

  it("GET /users searches e-mails case-insensitively and pages with X-Total-Count", async () => {
    const learner = await createUser();
    const res = await call("GET /users", { token: adminToken, path: `/users?search=${learner.email.slice(0, 12).toUpperCase()}&page=1&limit=1` });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
    expect((await call("GET /users", { token: adminToken, path: "/users?limit=0" })).status).toBe(422);
  });

  it("a search's pages all carry the total of its matches, a page past the end and no match included", async () => {
    const marker = `Srch${Date.now()}`;
    const matches = [] as number[];
    for (let i = 0; i < 3; i++) {
      const [user] = await getDb().insert(users).values({ firstName: "Search", lastName: `${i}`, email: `${marker.toLowerCase()}-${i}@example.com` }).returning();
      matches.push(user!.id);
    }
    const page = async (n: number) => {
      const res = await call("GET /users", { token: adminToken, path: `/users?search=${marker}&page=${n}&limit=2` });
      expect(res.status).toBe(200);
      return { ids: (res.body as { id: number }[]).map((u) => u.id), total: Number(res.headers.get("x-total-count")) };
    };
    expect(await page(1)).toEqual({ ids: matches.slice(0, 2), total: 3 });
    expect(await page(2)).toEqual({ ids: matches.slice(2), total: 3 });
    expect(await page(3)).toEqual({ ids: [], total: 3 });
    const none = await call("GET /users", { token: adminToken, path: `/users?search=${marker}-none` });
    expect([none.body, none.headers.get("x-total-count")]).toEqual([[], "0"]);
  });

  it("an expired or forged token is refused", async () => {
    const learner = await createUser();
    const [header, payload] = learner.token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    expect((await call("GET /users/me", { token: forged })).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect((await call("GET /users/me", { token: none })).status).toBe(401);
  });
});

describe("sign-up with an e-mailed code", () => {
  it("sends a code by e-mail and creates the account only when it is verified", async () => {
    const email = newEmail();
    const send = await call("POST /register/send-code", { json: { email, first_name: "Ada", last_name: "Lovelace", password: "analytical1" } });
    expect(send.status).toBe(200);
    expect(send.body.message).toBe(`A verification code has been sent to: ${email}`);
    const code = (await latestCode(delivery.smtp.messages, email))!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await codeRow(email, "register"))!.codeHash).not.toContain(code);
    expect((await call("POST /log_in", { form: { username: email, password: "analytical1" } })).status).toBe(401);

    const wrong = code === "000000" ? "111111" : "000000";
    const signup_token = send.body.signup_token;
    const bad = await call("POST /register/verify-code", { json: { email, code: wrong, signup_token } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Invalid or expired code.");

    const withoutToken = await call("POST /register/verify-code", { json: { email, code } });
    expect(withoutToken.status).toBe(400);
    expect(withoutToken.body.detail).toBe("Your sign-up session has expired. Please sign up again.");

    const ok = await call("POST /register/verify-code", { json: { email, code, signup_token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: "Code verified successfully.", registered: true, user: { email, first_name: "Ada", role: "user" } });
    expect((await call("POST /log_in", { form: { username: email, password: "analytical1" } })).status).toBe(200);

    const reused = await call("POST /register/verify-code", { json: { email, code, signup_token } });
    expect(reused.status).toBe(400);
  });

  it("a resend with the sign-up token keeps the sign-up values and replaces the code", async () => {
    const email = newEmail();
    const sent = await call("POST /register/send-code", { json: { email, first_name: "Grace", last_name: "Hopper", password: "cobol-1959" } });
    const signup_token = sent.body.signup_token;
    const first = (await latestCode(delivery.smtp.messages, email))!;
    const resentAt = Date.now();
    const resent = await call("POST /register/send-code", { json: { email, signup_token } });
    expect(resent.body.signup_token).toBe(signup_token);
    // A new code, or (one time in a million, after waiting) the same one drawn again.
    const second = (await latestCode(delivery.smtp.messages, email, { since: resentAt, except: first })) ?? first;
    if (first !== second) expect((await call("POST /register/verify-code", { json: { email, code: first, signup_token } })).status).toBe(400);
    const ok = await call("POST /register/verify-code", { json: { email, code: second, signup_token } });
    expect(ok.body).toMatchObject({ registered: true, user: { first_name: "Grace", last_name: "Hopper" } });
  });

  it("refuses an expired code", async () => {
    const email = newEmail();
    const sent = await call("POST /register/send-code", { json: { email, first_name: "A", last_name: "B", password: "secret-1" } });
    const code = (await latestCode(delivery.smtp.messages, email))!;
    await getDb()
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, otpIdentifier(email, "register")));
    const res = await call("POST /register/verify-code", { json: { email, code, signup_token: sent.body.signup_token } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Invalid or expired code.");
  });

  it("locks the code after 5 wrong tries, even against parallel guesses, and the right code stops working", async () => {
    const email = newEmail();
    await call("POST /register/send-code", { json: { email, first_name: "A", last_name: "B", password: "secret-1" } });
    const code = (await latestCode(delivery.smtp.messages, email))!;
    const wrongCodes = Array.from({ length: 20 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, "0"));
    const results = await Promise.all(wrongCodes.map((c) => call("POST /register/verify-code", { json: { email, code: c } })));
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    expect((await codeRow(email, "register"))!.attempts).toBe(5);
    const right = await call("POST /register/verify-code", { json: { email, code } });
    expect(right.status).toBe(429);
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // A resend cannot lift the lock early.
    expect((await call("POST /register/send-code", { json: { email } })).status).toBe(429);
  });

  it("answers the same for an e-mail that already has an account, and mails a notice instead of a code", async () => {
    const existing = await createUser();
    const fresh = newEmail();
    const a = await call("POST /register/send-code", { json: { email: existing.email, first_name: "X", last_name: "Y", password: "secret-1" } });
    const b = await call("POST /register/send-code", { json: { email: fresh, first_name: "X", last_name: "Y", password: "secret-1" } });
    expect(a.status).toBe(b.status);
    expect(a.body.message.replace(existing.email, "")).toBe(b.body.message.replace(fresh, ""));
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    // A decoy code nobody is sent, so wrong guesses count alike on both.
    expect(await codeRow(existing.email, "register")).toBeDefined();
    expect(await latestCode(delivery.smtp.messages, existing.email)).toBeUndefined();
    const notice = delivery.smtp.messages.filter((m) => m.to.includes(existing.email)).at(-1)!;
    expect(notice.subject).toMatch(/already have/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it.each([
    ["a missing e-mail", { first_name: "A" }, 422, "Email is required"],
    ["a weak password", { email: "weak@example.com", first_name: "A", last_name: "B", password: "123" }, 422, "Password must be at least 6 characters"],
    ["a 200-character password", { email: "long@example.com", password: "x".repeat(200) }, 422, "Password must be at most 128 characters"],
    ["a number for an e-mail", { email: 42 }, 422, "Email is required"],
  ])("refuses %s", async (_name, json, status, detail) => {
    const res = await call("POST /register/send-code", { json });
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });

  it("refuses malformed JSON, a JSON array and the wrong content type", async () => {
    expect((await call("POST /register/send-code", { body: "{email:", contentType: "application/json" })).body).toEqual({ detail: "Malformed JSON body." });
    expect((await call("POST /register/send-code", { body: "[]", contentType: "application/json" })).status).toBe(400);
    expect((await call("POST /register/send-code", { body: "email=a@b.co", contentType: "text/plain" })).status).toBe(415);
  });

  it("a refused e-mail does not fail the request: the code is kept and arrives on a retry", async () => {
    const email = newEmail();
    delivery.smtp.failNext(1);
    const res = await call("POST /register/send-code", { json: { email, first_name: "A", last_name: "B", password: "secret-1" } });
    expect(res.status).toBe(200);
    expect(await codeRow(email, "register")).toBeDefined();
    const code = (await latestCode(delivery.smtp.messages, email))!;
    expect((await call("POST /register/verify-code", { json: { email, code, signup_token: res.body.signup_token } })).body).toMatchObject({ registered: true });
  });

  it("POST /users/ needs the registration token verify-code granted, and works once", async () => {
    const email = newEmail();
    const body = { first_name: "Alan", last_name: "Turing", email, password: "enigma-1912" };
    const unverified = await call("POST /users", { json: body });
    expect(unverified.status).toBe(403);
    expect(unverified.body.detail).toBe("Please verify your email with the code we sent before creating an account.");
    const sent = await call("POST /register/send-code", { json: { email } });
    const code = (await latestCode(delivery.smtp.messages, email))!;
    const verified = await call("POST /register/verify-code", { json: { email, code, signup_token: sent.body.signup_token } });
    expect(verified.body).toEqual({ message: "Code verified successfully.", registered: false, registration_token: expect.any(String) });
    const registration_token = verified.body.registration_token;
    expect((await call("POST /users", { json: body })).status).toBe(403);
    const created = await call("POST /users", { json: { ...body, registration_token } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, first_name: "Alan", role: "user" });
    const again = await call("POST /users", { json: { ...body, registration_token } });
    expect(again.status).toBe(403);
  });

  it("POST /users/ refuses a registration token older than 15 minutes", async () => {
    const email = newEmail();
    const sent = await call("POST /register/send-code", { json: { email } });
    const code = (await latestCode(delivery.smtp.messages, email))!;
    const { registration_token } = (await call("POST /register/verify-code", { json: { email, code, signup_token: sent.body.signup_token } })).body;
    // The grant's time, 16 minutes back.
    await getDb()
      .update(verifications)
      .set({ value: sql`jsonb_set(${verifications.value}::jsonb, '{requests,0,grantedAt}', to_jsonb((extract(epoch from now()) - 16 * 60) * 1000))::text` })
      .where(eq(verifications.identifier, `sign-up-requests-${email}`));
    expect((await call("POST /users", { json: { first_name: "A", last_name: "B", email, password: "secret-1", registration_token } })).status).toBe(403);
  });
});

describe("password reset", () => {
  it("answers known and unknown e-mails alike; the known one gets a code, the unknown a notice", async () => {
    const known = await createUser();
    const unknown = newEmail();
    const a = await call("POST /forgot-password/send-code", { json: { email: known.email } });
    const b = await call("POST /forgot-password/send-code", { json: { email: unknown } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.message.replace(known.email, "")).toBe(b.body.message.replace(unknown, ""));
    expect((await latestCode(delivery.smtp.messages, known.email))).toMatch(/^\d{6}$/);
    expect((await latestCode(delivery.smtp.messages, unknown))).toBeUndefined();
    expect(delivery.smtp.messages.filter((m) => m.to.includes(unknown))).toHaveLength(1);
  });

  it("resets the password with the code's reset token, once, and ends old sessions", async () => {
    const learner = await createUser();
    await call("POST /forgot-password/send-code", { json: { email: learner.email } });
    const verify = await call("POST /forgot-password/verify-code", { json: { email: learner.email, code: (await latestCode(delivery.smtp.messages, learner.email))! } });
    expect(verify.status).toBe(200);
    expect(verify.body.reset_token).toEqual(expect.any(String));

    const forged = await call("POST /forgot-password/reset-password", { json: { email: learner.email, password: "new-secret-1", reset_token: "x".repeat(43) } });
    expect(forged.status).toBe(400);

    const reset = await call("POST /forgot-password/reset-password", { json: { email: learner.email, password: "new-secret-1", reset_token: verify.body.reset_token } });
    expect(reset.status).toBe(200);
    expect((await call("GET /users/me", { token: learner.token })).status).toBe(401);
    expect((await call("POST /log_in", { form: { username: learner.email, password: learner.password } })).status).toBe(401);
    expect((await call("POST /log_in", { form: { username: learner.email, password: "new-secret-1" } })).status).toBe(200);

    const again = await call("POST /forgot-password/reset-password", { json: { email: learner.email, password: "another-1", reset_token: verify.body.reset_token } });
    expect(again.status).toBe(400);
  });

  it("a reset code cannot be used for sign-up and vice versa", async () => {
    const learner = await createUser();
    await call("POST /forgot-password/send-code", { json: { email: learner.email } });
    const code = (await latestCode(delivery.smtp.messages, learner.email))!;
    expect((await call("POST /register/verify-code", { json: { email: learner.email, code } })).status).toBe(400);
  });

  it("reset-password without a reset token is refused", async () => {
    const learner = await createUser();
    const res = await call("POST /forgot-password/reset-password", { json: { email: learner.email, password: "new-secret-1" } });
    expect(res.status).toBe(422);
  });
});

describe("managing users", () => {
  it("PUT /users/{id}: admins edit names and role; the role change ends the user's sessions", async () => {
    const learner = await createUser();
    expect((await call("PUT /users/:id", { method: "PUT", params: { id: String(learner.user.id) }, json: { first_name: "A", last_name: "B", role: "admin" } })).status).toBe(401);
    expect((await call("PUT /users/:id", { method: "PUT", token: learner.token, params: { id: String(learner.user.id) }, json: { first_name: "A", last_name: "B", role: "admin" } })).status).toBe(403);

    const res = await call("PUT /users/:id", { method: "PUT", token: adminToken, params: { id: String(learner.user.id) }, json: { first_name: "Promoted", last_name: "Person", role: "admin" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: "Promoted", last_name: "Person", role: "admin" });
    expect((await call("GET /users/me", { token: learner.token })).status).toBe(401);
  });

  it.each([
    ["an unknown id", "999999", { first_name: "A", last_name: "B", role: "user" }, 404],
    ["a non-numeric id", "abc", { first_name: "A", last_name: "B", role: "user" }, 404],
    ["an upper-case role", "1", { first_name: "A", last_name: "B", role: "Admin" }, 422],
    ["a missing last name", "1", { first_name: "A", role: "user" }, 422],
  ])("PUT /users/{id} refuses %s", async (_name, id, json, status) => {
    const res = await call("PUT /users/:id", { method: "PUT", token: adminToken, params: { id }, json });
    expect(res.status).toBe(status);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it("an admin cannot demote or delete themself", async () => {
    const admin = await createUser("admin");
    const demote = await call("PUT /users/:id", { method: "PUT", token: admin.token, params: { id: String(admin.user.id) }, json: { first_name: "A", last_name: "B", role: "user" } });
    expect(demote.status).toBe(409);
    const del = await call("DELETE /users/:id", { method: "DELETE", token: admin.token, params: { id: String(admin.user.id) } });
    expect(del.status).toBe(409);
  });

  it("DELETE /users/{id}: 403 for learners, 204 for admins, and the deleted user's token dies", async () => {
    const victim = await createUser();
    const other = await createUser();
    expect((await call("DELETE /users/:id", { method: "DELETE", token: other.token, params: { id: String(victim.user.id) } })).status).toBe(403);
    const res = await call("DELETE /users/:id", { method: "DELETE", token: adminToken, params: { id: String(victim.user.id) } });
    expect(res.status).toBe(204);
    expect((await call("GET /users/me", { token: victim.token })).status).toBe(401);
    expect((await call("DELETE /users/:id", { method: "DELETE", token: adminToken, params: { id: String(victim.user.id) } })).status).toBe(404);
  });
});

describe("profiles", () => {
  it("PUT /users/update/{id}: your own names, never someone else's, and never your role", async () => {
    const a = await createUser();
    const b = await createUser();
    const own = await call("PUT /users/update/:id", { method: "PUT", token: a.token, params: { id: String(a.user.id) }, json: { first_name: "Alice", last_name: "Smith", role: "admin" } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ first_name: "Alice", last_name: "Smith", role: "user" });
    const theirs = await call("PUT /users/update/:id", { method: "PUT", token: a.token, params: { id: String(b.user.id) }, json: { first_name: "Mallory", last_name: "X" } });
    expect(theirs.status).toBe(403);
    const asAdmin = await call("PUT /users/update/:id", { method: "PUT", token: adminToken, params: { id: String(b.user.id) }, json: { first_name: "Bob", last_name: "Jones" } });
    expect(asAdmin.body).toMatchObject({ first_name: "Bob" });
    const blank = await call("PUT /users/update/:id", { method: "PUT", token: a.token, params: { id: String(a.user.id) }, json: { first_name: " ", last_name: "Smith" } });
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toBe("First Name is required");
  });

  it("GET and PUT /users/me work on the caller's own account only", async () => {
    const a = await createUser();
    expect((await call("GET /users/me")).status).toBe(401);
    const me = await call("GET /users/me", { token: a.token });
    expect(me.body).toMatchObject({ id: a.user.id, email: a.email });
    const put = await call("PUT /users/me", { method: "PUT", token: a.token, json: { first_name: "New", last_name: "Name" } });
    expect(put.body).toMatchObject({ first_name: "New", last_name: "Name", email: a.email });
  });

  it("POST /users/me/password-reset-code mails a code to the caller's own address", async () => {
    const a = await createUser();
    const res = await call("POST /users/me/password-reset-code", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Reset code sent successfully.");
    expect((await latestCode(delivery.smtp.messages, a.email))).toMatch(/^\d{6}$/);
    expect((await call("POST /users/me/password-reset-code")).status).toBe(401);
  });
});
