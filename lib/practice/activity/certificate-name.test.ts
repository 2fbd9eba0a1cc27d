import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, enrollments, users } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { certificateByVerificationId, courseCompletion } from "./completion";

/*
 * A certificate is a record of what happened: the name on it is the learner's name when it was
 * issued. A later rename (the profile's Save) must not rewrite certificates already shared.
 */

describe("a certificate's name", () => {
  it("stays as issued when the learner renames themself", async () => {
    const learner = await createUser();
    const [course] = await getDb().select().from(courses).where(eq(courses.title, "Python Basics"));
    await getDb().insert(enrollments).values({ userId: learner.user.id, courseId: course!.id, progress: 100, completedAt: new Date() });
    const completion = await courseCompletion(getDb(), learner.user.id, course!.id);
    const issuedName = `${learner.user.firstName} ${learner.user.lastName}`;
    expect((await certificateByVerificationId(getDb(), completion!.verification_id))?.learner_name).toBe(issuedName);

    const renamed = await call("PUT /users/me", { token: learner.token, json: { first_name: "Someone", last_name: "Else" } });
    expect(renamed.status).toBe(200);
    const [row] = await getDb().select().from(users).where(and(eq(users.id, learner.user.id)));
    expect(row!.firstName).toBe("Someone");

    expect((await certificateByVerificationId(getDb(), completion!.verification_id))?.learner_name).toBe(issuedName);
    // Opening the summary again finds the same certificate, not a new one under the new name.
    expect((await courseCompletion(getDb(), learner.user.id, course!.id))?.verification_id).toBe(completion!.verification_id);
  });
});
