import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses } from "../../db/schema";
import { call } from "../harness/http";
import { handlerOf } from "./routes";
import { createWorld, type World } from "./world";

/*
 * GET /courses/{id}/generation handed any learner the model server's raw error
 * text (its URLs, fragments of keys). The reason is for admins; learners get the plain message the
 * reader shows them.
 */

const RAW_ERROR = "Outline: 401 Incorrect API key provided: sk-live-4f9a****************7c21 (POST http://10.20.0.7:8000/v1/chat/completions)";
const courseGeneration = handlerOf("GET /courses/{id}/generation");

async function failedCourse(world: World): Promise<string> {
  const [course] = await getDb()
    .insert(courses)
    .values({ topicId: world.topicId, title: `Failed ${world.a.id}`, description: "Could not be written.", level: "Beginner", generationStatus: "failed", generationError: RAW_ERROR })
    .returning({ id: courses.id });
  return String(course!.id);
}

describe("a failed course's reason", () => {
  it("reaches a learner only as the plain message, never the model server's text", async () => {
    const world = await createWorld();
    const id = await failedCourse(world);
    const res = await call(courseGeneration, { token: world.a.token, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Failed", error: "Generation failed; an administrator has been notified." });
    for (const secret of ["sk-live", "10.20.0.7", "Incorrect API key"]) expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it("reaches admins in full, for the retry decision", async () => {
    const world = await createWorld();
    const id = await failedCourse(world);
    const res = await call(courseGeneration, { token: world.admin.token, params: { id } });
    expect(res.body).toMatchObject({ status: "Failed", error: RAW_ERROR });
  });

  it("a course that did not fail has no reason for anyone", async () => {
    const world = await createWorld();
    const id = await failedCourse(world);
    await getDb().update(courses).set({ generationStatus: "running", generationError: null }).where(eq(courses.id, Number(id)));
    expect((await call(courseGeneration, { token: world.a.token, params: { id } })).body.error).toBeNull();
  });
});
