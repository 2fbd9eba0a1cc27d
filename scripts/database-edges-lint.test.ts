import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The rule of docs/architecture.md, "Reaching the database": a function in lib/ takes the executor
 * it runs on, and the global handle is taken only at the edges. ESLint holds it; these lint a
 * `getDb` import in place of real files (never written) where it may and may not stand.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const GLOBAL_HANDLE = 'import { getDb } from "../../../db/client";\n\nexport const rows = () => getDb().execute("select 1");\n';

async function refusals(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(GLOBAL_HANDLE, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("getDb() only at the edges", () => {
  it("refuses the global handle in a rule of lib/, with the way to do it instead", async () => {
    const messages = await refusals("lib/practice/quizzes/quiz-access.ts");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Take the executor as the function's first parameter");
  });

  it("lets the edges take it: the job runner, Better Auth's wiring, the pages' session helper, tests, route handlers", async () => {
    for (const file of ["lib/platform/jobs/runner.ts", "lib/accounts/auth/instance.ts", "lib/accounts/auth/page.ts", "lib/practice/quizzes/check-answer.test.ts", "api/routes/quizzes.ts"]) {
      expect(await refusals(file), file).toEqual([]);
    }
  });
});
