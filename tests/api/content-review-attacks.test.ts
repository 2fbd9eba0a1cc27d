import { eq } from "drizzle-orm";
import { createElement } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSubsections, quizQuestions } from "../../db/schema";
import { Markdown } from "../../components/markdown/markdown";
import { call } from "../harness/http";
import { fingerprint } from "./db-fingerprint";
import { createWorld } from "./world";

/*
 * Attacks on the review screen's actions (docs/security.md; docs/product-rules.md, "Review and
 * editing"): a learner can call none of them and writes nothing; a stale version never overwrites;
 * a question's key must be one of its 4 different options; a lesson's raw HTML or script is saved
 * as text and rendered inert.
 */

const id = (n: number) => ({ id: String(n) });

describe("only admins change content", () => {
  it("a learner calling each action gets 403 and writes nothing", async () => {
    const w = await createWorld();
    const before = await fingerprint();
    const calls = [
      call("PUT /subsections/:id", { token: w.a.token, params: id(w.review.subsectionId), json: { content: "Learner's rewrite of the lesson.", version: 0 } }),
      call("PUT /quiz-questions/:id", {
        token: w.a.token,
        params: id(w.review.questionId),
        json: { question: "Q?", options: ["a1", "b1", "c1", "d1"], correct_answer: "a1", hint: "h", explanation: "e", concept: "c", version: 0 },
      }),
      call("POST /quiz-questions/:id/retire", { token: w.a.token, params: id(w.review.questionId), json: { version: 0 } }),
      call("POST /subsections/:id/regenerate", { token: w.a.token, params: id(w.review.subsectionId), json: { version: 0 } }),
      call("POST /quiz-questions/:id/regenerate", { token: w.a.token, params: id(w.review.questionId), json: { version: 0 } }),
      call("GET /courses/:id/regenerations", { token: w.a.token, params: id(w.review.courseId) }),
      call("POST /regenerations/:id/decision", { token: w.a.token, params: id(w.review.regenerationId), json: { keep: "new" } }),
      call("POST /quiz-questions/:id/decision", { token: w.a.token, params: id(w.review.variantId), json: { decision: "approve", version: 0 } }),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await fingerprint()).toEqual(before);
  });
});

describe("no lost update, no bad key, no live markup", () => {
  it("a stale version is refused for every kind of change, and nothing is written", async () => {
    const w = await createWorld();
    expect((await call("PUT /subsections/:id", { token: w.admin.token, params: id(w.review.subsectionId), json: { content: "Version one of the lesson.", version: 0 } })).status).toBe(200);
    const before = await fingerprint();
    const stale = await Promise.all([
      call("PUT /subsections/:id", { token: w.admin.token, params: id(w.review.subsectionId), json: { content: "Overwriting from version 0.", version: 0 } }),
      call("PUT /subsections/:id", { token: w.admin.token, params: id(w.review.subsectionId), json: { content: "From a version that never was.", version: 7 } }),
      call("POST /subsections/:id/regenerate", { token: w.admin.token, params: id(w.review.subsectionId), json: { version: 0 } }),
    ]);
    expect(stale.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(stale[0]!.body.detail).toMatch(/^Someone else changed this lesson at \d\d:\d\d UTC; reload to see their version\.$/);
    expect(await fingerprint()).toEqual(before);
  });

  it("a fresh variant edited meanwhile is neither approved nor rejected from the version before the edit", async () => {
    const w = await createWorld();
    const edit = { question: "Which name holds 2 after x = 2?", options: ["x", "2", "y", "None"], correct_answer: "x", hint: "Read the left side.", explanation: "The name on the left gets the value.", concept: "variables", version: 0 };
    expect((await call("PUT /quiz-questions/:id", { token: w.admin.token, params: id(w.review.variantId), json: edit })).status).toBe(200);
    const before = await fingerprint();
    const stale = await Promise.all(
      (["approve", "reject"] as const).map((decision) => call("POST /quiz-questions/:id/decision", { token: w.admin.token, params: id(w.review.variantId), json: { decision, version: 0 } })),
    );
    expect(stale.map((r) => r.status)).toEqual([409, 409]);
    expect(stale[0]!.body.detail).toMatch(/^Someone else changed this question at/);
    expect(await fingerprint()).toEqual(before);
    // From the version shown after the edit, it is approved as edited.
    expect((await call("POST /quiz-questions/:id/decision", { token: w.admin.token, params: id(w.review.variantId), json: { decision: "approve", version: 1 } })).body).toMatchObject({ version: 2 });
  });

  it.each([
    ["a key not among the options", { correct_answer: "Something else" }, "The answer key must be one of the options."],
    ["two options the same", { options: ["Names a value", "names a value", "Prints", "Sorts"] }, "The 4 options must all be different."],
    ["three options", { options: ["Names a value", "Prints", "Sorts"] }, "A question has exactly 4 options."],
  ])("a question with %s is refused (422) and the item is unchanged", async (_name, change, message) => {
    const w = await createWorld();
    const body = { question: "What does a variable do?", options: ["Names a value", "Deletes", "Prints", "Sorts"], correct_answer: "Names a value", hint: "A label.", explanation: "It names a value.", concept: "variables", version: 0, ...change };
    const res = await call("PUT /quiz-questions/:id", { token: w.admin.token, params: id(w.review.questionId), json: body });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    const [row] = await getDb().select({ options: quizQuestions.options }).from(quizQuestions).where(eq(quizQuestions.id, w.review.questionId));
    expect(row!.options).toEqual(["Names a value", "Deletes a value", "Prints a value", "Sorts values"]);
  });

  it("a key written out in the hint is refused, as generated questions are", async () => {
    const w = await createWorld();
    const body = { question: "What does a variable do?", options: ["Names a value", "Deletes", "Prints", "Sorts"], correct_answer: "Names a value", hint: "It names a value.", explanation: "It names a value.", concept: "variables", version: 0 };
    const res = await call("PUT /quiz-questions/:id", { token: w.admin.token, params: id(w.review.questionId), json: { ...body, hint: "The answer: names a value." } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("This question cannot be saved: the hint gives the answer away.");
  });

  it("a lesson with raw HTML and a script is stored as written and rendered inert", async () => {
    const w = await createWorld();
    const content = 'Read this <script>alert("x")</script> and <img src=x onerror="alert(1)"> **now**.\n\n<iframe src="https://example.com"></iframe>';
    const res = await call("PUT /subsections/:id", { token: w.admin.token, params: id(w.review.subsectionId), json: { content, version: 0 } });
    expect(res.status).toBe(200);
    const [row] = await getDb().select({ content: courseSubsections.content }).from(courseSubsections).where(eq(courseSubsections.id, w.review.subsectionId));
    const { prelude } = await prerender(createElement(Markdown, { content: row!.content }));
    const html = await new Response(prelude).text();
    expect(html).toContain("<strong>now</strong>");
    expect(html).not.toMatch(/<script|<img|<iframe|onerror/);
  });
});
