import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser } from "../harness/http";
import { seededCourse } from "../harness/seeded-course";

/*
 * With no model configured the tutor is off, says so, and takes nothing: the rest of the reader
 * is unaffected (docs/tutor.md).
 */

delete process.env.OPENAI_API_KEY;

let courseId: number;
beforeAll(async () => {
  ({ courseId } = await seededCourse());
});

describe("the tutor without a model", () => {
  it("says it is off, and a turn is refused with the reason, storing nothing", async () => {
    const learner = await createUser();
    expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
    const params = { id: String(courseId), sectionIndex: "0", subsectionIndex: "0" };
    const tutor = await call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor", { token: learner.token, params });
    expect(tutor.status).toBe(200);
    expect(tutor.body.enabled).toBe(false);
    expect(tutor.body.off_reason).toMatch(/no model is configured/);

    const turn = await call("POST /tutor/turns", { token: learner.token, json: { course_id: courseId, section_index: 0, subsection_index: 0, message: "What is a variable?" } });
    expect(turn.status).toBe(409);
    expect(turn.body.detail).toMatch(/tutor is off/);
    const after = await call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor", { token: learner.token, params });
    expect(after.body.conversations).toEqual([]);

    // The lesson itself reads as before.
    const course = await call("GET /courses/:id", { token: learner.token, params: { id: String(courseId) } });
    expect(course.status).toBe(200);
    expect(course.body.sections[0].subsections[0].content).toBeTruthy();
  });
});
