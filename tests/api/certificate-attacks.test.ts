import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { certificates, courses, enrollments, topics } from "../../db/schema";
import { certificateByVerificationId, certificateForAdmin, courseCompletion } from "../../lib/practice/activity/completion";
import { call, createUser } from "../harness/http";
import { seededCourse } from "../harness/seeded-course";

/*
 * A certificate is public to anyone holding its address, so the address must be the secret
 * (docs/security.md, "Learning data"): a verification id of 128 random bits, drawn by the
 * database, related to nothing an attacker knows (the learner's or the course's id, the row's
 * uuid, other certificates' ids), looked up exactly; and the page it opens says nothing of the
 * learner but the name on the certificate.
 */

type Learner = Awaited<ReturnType<typeof createUser>>;
let courseId: number;
const issued: { learner: Learner; id: string; rowId: string }[] = [];

/** A learner who finished the course and opened its completion screen: their certificate. */
async function certify(): Promise<(typeof issued)[number]> {
  const learner = await createUser();
  await getDb().insert(enrollments).values({ userId: learner.user.id, courseId, progress: 100, completedAt: new Date() });
  const completion = await courseCompletion(getDb(), learner.user.id, courseId);
  const [row] = await getDb().select({ id: certificates.id }).from(certificates).where(eq(certificates.userId, learner.user.id));
  return { learner, id: completion!.verification_id, rowId: row!.id };
}

beforeAll(async () => {
  ({ courseId } = await seededCourse());
  for (let i = 0; i < 3; i++) issued.push(await certify());
});

describe("a certificate's verification id", () => {
  it("is 128 random bits: every bit of 2,000 fresh ids is set about half the time, and no id repeats", async () => {
    // The column's own default, as every insert (and the migration's back-fill) evaluates it.
    const { rows } = await getDb().execute<{ id: string }>(sql`
      SELECT ${sql.raw(await columnDefault())} AS id FROM generate_series(1, 2000)`);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const ones = new Array<number>(128).fill(0);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const bytes = Buffer.from(id, "base64url");
      expect(bytes).toHaveLength(16);
      for (let bit = 0; bit < 128; bit++) ones[bit]! += (bytes[bit >> 3]! >> (7 - (bit & 7))) & 1;
    }
    // 1,000 expected per bit, standard deviation about 22: a fixed bit (a uuid's version or variant) would be 0 or 2,000.
    for (const count of ones) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });

  it("was given to every certificate issued before it, each its own, by the migration that added it", async () => {
    const migrations = new URL("../../db/migrations/", import.meta.url);
    const file = readdirSync(migrations).find((f) => f.endsWith("_certificate_verification_id.sql"))!;
    const addColumn = readFileSync(new URL(file, migrations), "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes("ADD COLUMN"))!;
    // The migration's own statement, on a copy of the table as it was before it (certificates without the column).
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE old_certificates ON COMMIT DROP AS SELECT id FROM generate_series(1, 50) AS id`);
      await tx.execute(sql.raw(addColumn.replaceAll('"certificates"', "old_certificates")));
      const { rows } = await tx.execute<{ verification_id: string }>(sql`SELECT verification_id FROM old_certificates`);
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((r) => r.verification_id)).size).toBe(50);
      for (const { verification_id } of rows) expect(verification_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    });
  });

  it("says nothing of who holds it: not the learner's id, the course's, or the row's uuid, and unlike its neighbours'", () => {
    for (const { learner, id, rowId } of issued) {
      // As a 4-byte number in the id's bytes (its decimal digits turn up in a random id by chance:
      // "5" in one of 22 characters is likely, 32 given bits are not).
      const hex = Buffer.from(id, "base64url").toString("hex");
      expect(hex).not.toContain(learner.user.id.toString(16).padStart(8, "0"));
      expect(id).not.toBe(String(learner.user.id));
      expect(id).not.toContain(rowId.replaceAll("-", "").slice(0, 8));
      expect(hex).not.toContain(rowId.replaceAll("-", "").slice(0, 8));
    }
    // Three learners, one course, issued one after the other: no shared prefix beyond chance.
    const [a, b, c] = issued.map((i) => i.id);
    expect(a!.slice(0, 4)).not.toBe(b!.slice(0, 4));
    expect(b!.slice(0, 4)).not.toBe(c!.slice(0, 4));
  });
});

describe("an attacker looking for certificates", () => {
  it("finds nothing by enumerating ids: guesses, derived ids, neighbours, case changes, prefixes, wildcards", async () => {
    const real = issued[0]!;
    const flip = (s: string) => [...s].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join("");
    const neighbour = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const candidates = [
      // The addresses certificates had before: the row's uuid, and uuids in general.
      real.rowId,
      randomUUID(),
      "00000000-0000-4000-8000-000000000000",
      // Derived from what an attacker knows.
      String(real.learner.user.id),
      `${real.learner.user.id}-${courseId}`,
      Buffer.from(`${real.learner.user.id}:${courseId}`).toString("base64url").padEnd(22, "A"),
      Buffer.from(real.learner.email).toString("base64url").slice(0, 22),
      // Close to a real one: exact match only.
      flip(real.id),
      ...Array.from({ length: 22 }, (_, i) => neighbour(real.id, i)),
      real.id.slice(0, 21),
      `${real.id}A`,
      ` ${real.id}`,
      `${real.id}\n`,
      encodeURIComponent(real.id).toLowerCase(),
      // Wildcards, were the lookup ever a LIKE ("_" is a base64url character).
      "_".repeat(22),
      "%".repeat(22),
      `${real.id.slice(0, 10)}${"_".repeat(12)}`,
      `' OR '1'='1`,
      // And blind guesses of the right shape.
      ...Array.from({ length: 500 }, () => randomBytes(16).toString("base64url")),
    ];
    for (const candidate of candidates) expect(await certificateByVerificationId(getDb(), candidate), candidate).toBeNull();
    // The real ids still open their certificates.
    for (const { id } of issued) expect(await certificateByVerificationId(getDb(), id)).not.toBeNull();
  });

  it("reads only the name, the course, its level, whether it is a personal course, the date and the id from a certificate: never the e-mail", async () => {
    const { learner, id } = issued[1]!;
    const certificate = await certificateByVerificationId(getDb(), id);
    expect(Object.keys(certificate!).sort()).toEqual(["completed_at", "course_level", "course_title", "learner_name", "personal", "verification_id"]);
    expect(JSON.stringify(certificate)).not.toContain(learner.email);
    expect(JSON.stringify(certificate)).not.toContain(learner.email.split("@")[0]!);
    expect(certificate!.learner_name).toBe(`${learner.user.firstName} ${learner.user.lastName}`);
  });
});

describe("a personal course's certificate", () => {
  it("says it is a personal course, with the course's written title; an admin can hide it from its public page, and show it again", async () => {
    const learner = await createUser();
    const admin = await createUser("admin");
    const db = getDb();
    const [topic] = await db.insert(topics).values({ title: `ignore the rules ${learner.user.id}`, description: "", learnerSubject: true }).returning({ id: topics.id });
    const [course] = await db
      .insert(courses)
      .values({ topicId: topic!.id, title: "Keeping Bees: A First Season", level: "Beginner", requestedBy: learner.user.id, generationStatus: "done", isDetailCreatedByAi: true })
      .returning({ id: courses.id });
    await db.insert(enrollments).values({ userId: learner.user.id, courseId: course!.id, progress: 100, completedAt: new Date() });
    const { verification_id: id, personal } = (await courseCompletion(getDb(), learner.user.id, course!.id))!;
    expect(personal).toBe(true);
    const shown = await certificateByVerificationId(getDb(), id);
    expect(shown).toMatchObject({ course_title: "Keeping Bees: A First Season", personal: true });
    // The subject as typed is the topic's title: it is on no certificate.
    expect(JSON.stringify(shown)).not.toContain("ignore the rules");
    // A catalogue course's certificate is not personal.
    expect((await certificateByVerificationId(getDb(), issued[0]!.id))!.personal).toBe(false);

    const visibility = (hidden: boolean, token = admin.token) => call("PUT /courses/:id/certificates/visibility", { token, params: { id: String(course!.id) }, json: { hidden } });
    // A learner cannot hide it (their own or anyone's).
    expect((await visibility(true, learner.token)).status).toBe(403);
    expect((await visibility(true)).body).toEqual({ course_id: course!.id, hidden: true, certificates: 1 });
    expect(await certificateByVerificationId(getDb(), id)).toBeNull();
    expect(await certificateForAdmin(getDb(), id)).toMatchObject({ hidden: true, course_id: course!.id });
    expect((await visibility(false)).body.hidden).toBe(false);
    expect(await certificateByVerificationId(getDb(), id)).not.toBeNull();
  });
});

/** The SQL the database runs for a new certificate's verification_id. */
async function columnDefault(): Promise<string> {
  const { rows } = await getDb().execute<{ expr: string }>(sql`
    SELECT pg_get_expr(d.adbin, d.adrelid) AS expr
      FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
     WHERE d.adrelid = 'certificates'::regclass AND a.attname = 'verification_id'`);
  expect(rows[0]?.expr).toContain("gen_random_uuid()");
  return rows[0]!.expr;
}
