import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, verifications } from "../../db/schema";
import { latestCode } from "../../e2e/fixtures/smtp-capture";
import { MAX_CODE_ATTEMPTS } from "../../lib/accounts/codes";
import { otpIdentifier } from "../../lib/accounts/email-otp";
import { LIMITS } from "../../lib/platform/rate-limit";
import { call } from "../harness/http";
import { withMailDelivery } from "../harness/mail";
import { fingerprint } from "./db-fingerprint";
import { ENDPOINTS as DECLARED } from "../../api/routes";
import { exampleCall } from "./fuzz-cases";
import { ENDPOINTS, endpointName, type Endpoint } from "./routes";
import { createWorld, WORLD_PASSWORD, type World } from "./world";

/*
 * Who may call what (docs/security.md), for every endpoint of the API: the status
 * each caller gets for the endpoint's valid example, in a fresh world per call. A refused call
 * must write nothing. Then the attacks on accounts: enumeration, code guessing, password
 * guessing, and tokens that outlive a deletion or a demotion.
 */

type Caller = "anonymous" | "a" | "b" | "admin";
type Target = "self" | "other";
type Row = [call: string, anonymous: number, learnerA: number, learnerB: number, admin: number];

/*
 * :self is the caller's own user id (learner A's for an anonymous caller); :other is another
 * user's: learner B's for A and for an anonymous caller, learner A's for B and for the admin.
 */
// prettier-ignore
const MATRIX: Row[] = [
  //  call                                                     anon  A    B    admin
  // Accounts: public calls answer the same whoever calls
  ["POST /log_in",                                              200, 200, 200, 200],
  ["POST /register/send-code",                                  200, 200, 200, 200],
  ["POST /register/verify-code",                                400, 400, 400, 400], // no code was sent
  ["POST /users",                                               403, 403, 403, 403], // the e-mail was not verified
  ["POST /forgot-password/send-code",                           200, 200, 200, 200],
  ["POST /forgot-password/verify-code",                         400, 400, 400, 400],
  ["POST /forgot-password/reset-password",                      400, 400, 400, 400],
  ["POST /log_out",                                             401, 200, 200, 200],
  ["POST /log_out/everywhere",                                  401, 200, 200, 200],
  ["GET /users",                                                401, 403, 403, 200],
  ["PUT /users/:self",                                          401, 403, 403, 409], // an admin cannot demote themself
  ["PUT /users/:other",                                         401, 403, 403, 200],
  ["DELETE /users/:self",                                       401, 403, 403, 409], // nor delete themself
  ["DELETE /users/:other",                                      401, 403, 403, 204],
  ["PUT /users/update/:self",                                   401, 200, 200, 200],
  ["PUT /users/update/:other",                                  401, 403, 403, 200],
  ["GET /users/me",                                             401, 200, 200, 200],
  ["PUT /users/me",                                             401, 200, 200, 200],
  ["POST /users/me/password-reset-code",                        401, 200, 200, 200],
  ["POST /users/me/confirmation-code",                          401, 409, 409, 409], // their accounts have a password: they confirm with it
  ["GET /users/me/export",                                      401, 200, 200, 200],
  ["DELETE /users/me",                                          401, 204, 204, 204], // other worlds' admins remain
  ["POST /users/me/two-factor",                                 401, 200, 200, 200],
  ["DELETE /users/me/two-factor",                               401, 400, 400, 400], // two-factor is not on
  ["POST /users/me/two-factor/confirm",                         401, 400, 400, 400], // nor begun
  ["POST /two-factor/notice",                                   400, 400, 400, 400], // no such notice
  ["POST /two-factor/recovery/send-code",                       400, 400, 400, 400], // learner A has no second factor
  ["POST /two-factor/recovery/verify-code",                     400, 400, 400, 400], // no code was sent
  ["POST /two-factor/recovery/cancel",                          400, 400, 400, 400], // no such recovery
  ["GET /users/me/sessions",                                    401, 200, 200, 200],
  ["DELETE /users/me/sessions/{id}",                            401, 200, 404, 404], // learner A's session: only A's own
  ["DELETE /users/:self/sessions",                              401, 403, 403, 200],
  ["DELETE /users/:other/sessions",                             401, 403, 403, 200],
  ["GET /users/:self/overview",                                 401, 403, 403, 200],
  ["GET /users/:other/overview",                                401, 403, 403, 200],
  ["PUT /users/:self/status",                                   401, 403, 403, 200], // reactivating an active account changes nothing
  ["PUT /users/:other/status",                                  401, 403, 403, 200],
  ["POST /users/:self/two-factor/reset",                        401, 403, 403, 409], // never one's own: My Account
  ["POST /users/:other/two-factor/reset",                       401, 403, 403, 409], // the target has no second factor
  // Learning
  ["GET /topics",                                               200, 200, 200, 200],
  ["GET /topics/{id}/courses",                                  200, 200, 200, 200],
  ["GET /users/interests",                                      401, 200, 200, 200],
  ["POST /users/topic-preference",                              401, 200, 200, 200],
  ["GET /users/:self/selected-topics",                          401, 200, 200, 200],
  ["GET /users/:other/selected-topics",                         401, 403, 403, 200],
  ["GET /users/:self/completed-courses",                        401, 200, 200, 200],
  ["GET /users/:other/completed-courses",                       401, 403, 403, 200],
  ["GET /recommendations?user_id=:self",                        401, 200, 200, 200],
  ["GET /recommendations?user_id=:other",                       401, 403, 403, 200],
  ["GET /mycourses?user_id=:self",                              401, 200, 200, 200],
  ["GET /mycourses?user_id=:other",                             401, 403, 403, 200],
  ["POST /enroll {user_id: :self}",                             401, 200, 200, 200], // already enrolled: 200, not 201
  ["POST /enroll {user_id: :other}",                            401, 403, 403, 200],
  ["GET /courses/{id}",                                         401, 200, 200, 200],
  ["PUT /courses/update_progress {user_id: :self}",             401, 200, 200, 200],
  ["PUT /courses/update_progress {user_id: :other}",            401, 403, 403, 200],
  ["GET /section-quizzes",                                      401, 200, 200, 200],
  ["GET /courses/{id}/sections/{sectionIndex}/quiz-attempt",    401, 200, 200, 200],
  ["POST /courses/{id}/sections/{sectionIndex}/quiz-check",     401, 200, 200, 200],
  ["POST /courses/{id}/sections/{sectionIndex}/quiz-complete",  401, 200, 200, 200],
  // Mastery and review: a card is answered by its owner only (anyone else's is a 404, admins' too)
  ["GET /users/me/mastery",                                     401, 200, 200, 200],
  ["GET /review/due",                                           401, 200, 200, 200],
  ["POST /review/answer {card_id: :self}",                      401, 200, 200, 200],
  ["POST /review/answer {card_id: :other}",                     401, 404, 404, 404],
  // Daily goal and reminders: one's own settings only; the unsubscribe link's token is the authority (the example's is forged)
  ["GET /users/me/goal",                                        401, 200, 200, 200],
  ["PUT /users/me/goal",                                        401, 200, 200, 200],
  ["POST /reminders/unsubscribe",                               400, 400, 400, 400],
  // Notifications: each caller's own; learner A's is a 404 for anyone else, admins included
  ["GET /users/me/notifications",                               401, 200, 200, 200],
  ["GET /users/me/notifications/unread-count",                  401, 200, 200, 200],
  ["POST /users/me/notifications/{id}/read",                    401, 200, 404, 404], // learner A's notification
  ["POST /users/me/notifications/read-all",                     401, 200, 200, 200],
  // The lesson tutor: no model is configured in these tests, so a turn is refused as off; a conversation is its owner's alone
  ["GET /courses/{id}/sections/{sectionIndex}/subsections/{subsectionIndex}/tutor", 401, 200, 200, 200],
  ["POST /tutor/turns",                                         401, 409, 409, 409],
  ["DELETE /tutor/conversations/{id}",                          401, 204, 404, 404], // learner A's conversation
  ["GET /admin/tutor/usage",                                    401, 403, 403, 200],
  // Course generation
  ["POST /courses/generate",                                    401, 409, 409, 409], // no model on the test server: course writing is off
  ["GET /users/me/course-request",                              401, 200, 200, 200],
  ["GET /users/me/course-requests",                             401, 200, 200, 200],
  ["GET /course-requests/{id}",                                 401, 200, 404, 404], // learner A's request: only A's own
  ["POST /course-requests/{id}/resume",                         401, 409, 404, 404], // A's failed request, but course writing is off here
  ["PUT /courses/{id}/certificates/visibility",                 401, 403, 403, 200],
  ["GET /courses/{id}/generation",                              401, 200, 200, 200],
  ["GET /courses/{id}/generation/log",                          401, 403, 403, 200],
  ["POST /courses/{id}/generation/retry",                       401, 403, 403, 409], // the course did not fail
  ["POST /topics/{id}/generation/retry",                        401, 403, 403, 202],
  ["POST /topics/{id}/generation/start",                        401, 403, 403, 202],
  ["GET /generation",                                           401, 403, 403, 200],
  // Review and publication: the admins' alone
  ["GET /courses/{id}/publication",                             401, 403, 403, 200],
  ["POST /courses/{id}/publish",                                401, 403, 403, 200], // the world's own paused course
  ["POST /courses/{id}/unpublish",                              401, 403, 403, 200],
  ["POST /courses/{id}/sections/{sectionIndex}/publish",        401, 403, 403, 200],
  ["GET /generation/runs",                                      401, 403, 403, 200],
  // Sources: a topic's are the admins'; a learner's own are theirs and the admins' (anyone else's is a 404)
  ["POST /topics/{id}/sources",                                 401, 403, 403, 201],
  ["GET /topics/{id}/sources",                                  401, 403, 403, 200],
  ["POST /users/me/sources",                                    401, 201, 201, 201],
  ["GET /users/me/sources",                                     401, 200, 200, 200],
  ["GET /sources/{id}",                                         401, 200, 404, 200], // learner A's own source
  ["GET /sources/{id}/passages",                                401, 200, 404, 200],
  ["DELETE /sources/{id}",                                      401, 204, 404, 204],
  // What learners see of sources: whoever may see the course (the seeded catalogue course: everyone signed in)
  ["GET /courses/{id}/sources",                                 401, 200, 200, 200],
  ["GET /courses/{id}/sections/{sectionIndex}/subsections/{subsectionIndex}/citations", 401, 200, 200, 200],
  // Reports: a learner's on what they can see; the queue is the admins'
  ["POST /reports",                                             401, 201, 201, 201],
  ["GET /users/me/reports",                                     401, 200, 200, 200],
  ["GET /reports",                                              401, 403, 403, 200],
  ["POST /reports/resolve",                                     401, 403, 403, 200], // learner A's open report
  // The review screen's edits: admins only
  ["PUT /subsections/{id}",                                     401, 403, 403, 200],
  ["PUT /quiz-questions/{id}",                                  401, 403, 403, 200],
  ["POST /quiz-questions/{id}/retire",                          401, 403, 403, 200],
  ["POST /quiz-questions/{id}/decision",                        401, 403, 403, 200], // the world's fresh variant waiting for review
  ["POST /subsections/{id}/regenerate",                         401, 403, 403, 202],
  ["POST /quiz-questions/{id}/regenerate",                      401, 403, 403, 202],
  ["GET /courses/{id}/regenerations",                           401, 403, 403, 200],
  ["POST /regenerations/{id}/decision",                         401, 403, 403, 200], // the world's revision waiting for review
  // Admin
  ["POST /topics",                                              401, 403, 403, 201],
  ["PUT /topics/{id}",                                          401, 403, 403, 200],
  ["DELETE /topics/{id}",                                       401, 403, 403, 204],
  ["GET /dashboard/stats",                                      401, 403, 403, 200],
  ["GET /dashboard/stats/activity",                             401, 403, 403, 200],
  ["GET /quiz-questions/stats",                                 401, 403, 403, 200],
  // Unknown paths: a JSON 404 for everyone
  ["GET /{...unknown}",                                         404, 404, 404, 404],
  ["HEAD /{...unknown}",                                        404, 404, 404, 404],
  ["POST /{...unknown}",                                        404, 404, 404, 404],
  ["PUT /{...unknown}",                                         404, 404, 404, 404],
  ["PATCH /{...unknown}",                                       404, 404, 404, 404],
  ["DELETE /{...unknown}",                                      404, 404, 404, 404],
  ["OPTIONS /{...unknown}",                                     404, 404, 404, 404],
];

const CALLERS: Caller[] = ["anonymous", "a", "b", "admin"];

/** The matrix row name of an endpoint called about its caller's own data or someone else's. */
function rowName(endpoint: Endpoint, target?: Target): string {
  const owner = endpoint.owner;
  if (!owner || !target) return endpointName(endpoint);
  const placeholder = `:${target}`;
  if (owner.in === "path") return `${endpoint.method} ${endpoint.path.replace(`{${owner.name}}`, placeholder)}`;
  if (owner.in === "query") return `${endpointName(endpoint)}?${owner.name}=${placeholder}`;
  return `${endpointName(endpoint)} {${owner.name}: ${placeholder}}`;
}

const ROWS = new Map<string, { endpoint: Endpoint; target: Target }>(
  ENDPOINTS.flatMap((endpoint) =>
    endpoint.owner
      ? (["self", "other"] as const).map((target) => [rowName(endpoint, target), { endpoint, target }] as const)
      : [[rowName(endpoint), { endpoint, target: "self" as Target }] as const],
  ),
);

function targetId(world: World, caller: Caller, target: Target): number {
  if (target === "self") return caller === "anonymous" ? world.a.id : world[caller].id;
  return caller === "a" || caller === "anonymous" ? world.b.id : world.a.id;
}

const delivery = withMailDelivery();

beforeEach(async () => {
  await getDb().delete(rateLimits);
});

describe("authorization matrix", () => {
  it("has one row for every endpoint, and one per target where the endpoint has an owner", () => {
    expect(MATRIX.map(([name]) => name).sort()).toEqual([...ROWS.keys()].sort());
  });

  it.each(MATRIX)("%s", async (name, ...expected) => {
    const row = ROWS.get(name);
    expect(row, `${name} is not an endpoint of the API`).toBeDefined();
    const { endpoint, target } = row!;
    const mismatches: string[] = [];
    for (const [i, caller] of CALLERS.entries()) {
      const world = await createWorld();
      const token = caller === "anonymous" ? undefined : world[caller].token;
      const before = await fingerprint();
      const res = await call(endpoint.key, exampleCall(endpoint, endpoint.example(world, targetId(world, caller, target)), token));
      if (res.status !== expected[i]) mismatches.push(`${caller}: expected ${expected[i]}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`);
      if (res.status >= 400) {
        if (typeof res.body?.detail !== "string" && endpoint.method !== "HEAD") mismatches.push(`${caller}: ${res.status} without {detail}`);
        const after = await fingerprint();
        if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${caller}: refused with ${res.status} but wrote`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/*
 * Access, then owner, then the body: learner B sends learner A's id with everything else in the
 * call invalid. The answer is the same 403 as with a valid body, so "not yours" never depends on the
 * body and never teaches B the endpoint's rules. Every endpoint whose declaration names an owner.
 */
const OWNED = ENDPOINTS.filter((endpoint) => DECLARED.some((declared) => declared.key === endpoint.key && declared.owner));
const INVALID = ["not valid", { nested: true }] as const;

describe("another's id with an invalid body", () => {
  it("covers every endpoint that names an owner", () => {
    expect(OWNED.map(endpointName)).toEqual(expect.arrayContaining(["PUT /users/update/{id}", "POST /enroll", "GET /mycourses"]));
  });

  it.each(OWNED.map((endpoint) => [endpointName(endpoint), endpoint] as const))("%s: 403 for learner B with A's id", async (_name, endpoint) => {
    const world = await createWorld();
    const owner = endpoint.owner!;
    const example = endpoint.example(world, world.a.id);
    const spoil = (values: Record<string, unknown> | undefined, keep: string) =>
      values && Object.fromEntries(Object.entries(values).map(([key, value], i) => [key, key === keep ? value : INVALID[i % INVALID.length]]));
    // Every field but the owner's invalid, and the fields the example leaves out missing.
    const body = owner.in === "body" ? { [owner.name]: world.a.id, ...spoil(example.body, owner.name) } : example.body && spoil(example.body, "");
    const query = example.query && Object.fromEntries(Object.entries(example.query).map(([key, value]) => [key, key === owner.name ? value : "[]"]));
    const before = await fingerprint();
    const res = await call(endpoint.key, exampleCall(endpoint, { ...example, body: body ?? (endpoint.body ? {} : undefined), query }, world.b.token));
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("attacks on accounts", () => {
  const registerSend = ENDPOINTS.find((e) => endpointName(e) === "POST /register/send-code")!;
  const registerVerify = ENDPOINTS.find((e) => endpointName(e) === "POST /register/verify-code")!;
  const forgotSend = ENDPOINTS.find((e) => endpointName(e) === "POST /forgot-password/send-code")!;
  const forgotVerify = ENDPOINTS.find((e) => endpointName(e) === "POST /forgot-password/verify-code")!;
  const logIn = ENDPOINTS.find((e) => endpointName(e) === "POST /log_in")!;
  const me = ENDPOINTS.find((e) => endpointName(e) === "GET /users/me")!;
  const myCourses = ENDPOINTS.find((e) => endpointName(e) === "GET /mycourses")!;
  const users = ENDPOINTS.find((e) => endpointName(e) === "GET /users")!;
  const user = ENDPOINTS.find((e) => endpointName(e) === "PUT /users/{id}")!;
  const deleteUser = ENDPOINTS.find((e) => endpointName(e) === "DELETE /users/{id}")!;

  const json = (body: Record<string, unknown>) => ({ method: "POST", json: body });

  it.each([
    ["register/send-code", registerSend, { first_name: "Eve", last_name: "Probe", password: "probing-1" }],
    ["forgot-password/send-code", forgotSend, {}],
  ])("%s answers a known and an unknown e-mail with the same status and body", async (_name, endpoint, extra) => {
    const world = await createWorld();
    const known = await call(endpoint.key, json({ email: world.a.email, ...extra }));
    const unknown = await call(endpoint.key, json({ email: world.freshEmail, ...extra }));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const masked = (body: unknown, email: string) => JSON.stringify(body).replaceAll(email, "<email>").replace(/"signup_token":"[^"]+"/, '"signup_token":"<token>"');
    expect(masked(unknown.body, world.freshEmail)).toBe(masked(known.body, world.a.email));
  });

  it.each([
    ["sign-up", "register" as const, registerSend, registerVerify, (w: World) => w.freshEmail],
    ["password reset", "reset_password" as const, forgotSend, forgotVerify, (w: World) => w.a.email],
  ])(`a %s code is locked after ${MAX_CODE_ATTEMPTS} wrong tries, and the right code is refused afterwards`, async (_name, purpose, send, verify, emailOf) => {
    const world = await createWorld();
    const email = emailOf(world);
    const sent = await call(send.key, json({ email, first_name: "A", last_name: "B", password: "secret-12" }));
    expect(sent.status).toBe(200);
    const signup_token = sent.body.signup_token; // sign-up only
    const code = (await latestCode(delivery.smtp.messages, email))!;
    const wrong = (i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, "0");
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      expect((await call(verify.key, json({ email, code: wrong(i), signup_token }))).status).toBe(400);
    }
    // The last allowed wrong try locks the code at once.
    expect((await call(verify.key, json({ email, code: wrong(MAX_CODE_ATTEMPTS), signup_token }))).status).toBe(429);
    const right = await call(verify.key, json({ email, code, signup_token }));
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ detail: expect.any(String) });
    // The email-OTP plugin's row (stored code:wrong tries) still holds the code, unused.
    const [row] = await getDb().select({ value: verifications.value }).from(verifications).where(eq(verifications.identifier, otpIdentifier(email, purpose)));
    expect(row?.value).toMatch(new RegExp(`^[0-9a-f]{64}:${MAX_CODE_ATTEMPTS}$`));
  });

  it(`the failed login after ${LIMITS.loginFailuresPerPair.max} for one e-mail from one address gets 429 with Retry-After, even with the right password`, async () => {
    const world = await createWorld();
    const attempt = (password: string) => call(logIn.key, { form: { username: world.a.email, password } });
    for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++) expect((await attempt(`wrong-password-${i}`)).status).toBe(401);
    const limited = await attempt("wrong-password-again");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toEqual({ detail: expect.any(String) });
    expect((await attempt(WORLD_PASSWORD)).status).toBe(429);
  });

  it("a deleted user's old token is refused on the very next call", async () => {
    const world = await createWorld();
    expect((await call(me.key, { token: world.a.token })).status).toBe(200);
    const deleted = await call(deleteUser.key, { method: "DELETE", token: world.admin.token, params: { id: String(world.a.id) } });
    expect(deleted.status).toBe(204);
    expect((await call(me.key, { token: world.a.token })).status).toBe(401);
    expect((await call(myCourses.key, { token: world.a.token, path: "/mycourses" })).status).toBe(401);
  });

  it("a demoted admin's old token is refused on the very next call", async () => {
    const world = await createWorld();
    const other = await createWorld();
    const formerAdmin = other.admin;
    expect((await call(users.key, { token: formerAdmin.token, path: "/users" })).status).toBe(200);
    const demoted = await call(user.key, {
      method: "PUT",
      token: world.admin.token,
      params: { id: String(formerAdmin.id) },
      json: { first_name: "Former", last_name: "Admin", role: "user" },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe("user");
    expect([401, 403]).toContain((await call(users.key, { token: formerAdmin.token, path: "/users" })).status);
    expect((await call(me.key, { token: formerAdmin.token })).status).toBe(401);
  });
});
