import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkStructure } from "./check-structure";

// A small lib/ of three areas, written to a temporary folder: each test plants one import in it.
let roots: string[] = [];
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "structure-"));
  roots.push(root);
  const base: Record<string, string> = {
    "lib/platform/log/logger.ts": "export const log = () => undefined;\n",
    "lib/accounts/index.ts": 'export { signIn } from "./sign-in";\n',
    "lib/accounts/sign-in.ts": 'import { log } from "../platform/log/logger";\nexport const signIn = () => log();\n',
    "lib/catalogue/index.ts": 'export { listCourses } from "./courses/list";\n',
    "lib/catalogue/courses/list.ts": 'import { signIn } from "@/lib/accounts";\nexport const listCourses = () => signIn();\n',
  };
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe("check:structure", () => {
  it("passes imports that run down the areas through their index.ts, and counts them", () => {
    const { edges, problems } = checkStructure(fixture({}));
    expect(problems).toEqual([]);
    expect(Object.fromEntries(edges)).toEqual({ "accounts -> platform": 1, "catalogue -> accounts": 1 });
  });

  it("fails an import that runs up to a higher area", () => {
    const { problems } = checkStructure(fixture({ "lib/accounts/courses.ts": 'import { listCourses } from "../catalogue";\nexport const c = listCourses;\n' }));
    expect(problems).toEqual([expect.stringMatching(/^lib\/accounts\/courses\.ts: upward import of catalogue/)]);
  });

  it("fails an import into another area's own file, but not into one of platform's", () => {
    const { problems } = checkStructure(fixture({ "lib/catalogue/deep.ts": 'import { signIn } from "../accounts/sign-in";\nimport { log } from "../platform/log/logger";\nexport const d = [signIn, log];\n' }));
    expect(problems).toEqual([expect.stringMatching(/^lib\/catalogue\/deep\.ts: deep import into accounts/)]);
  });

  it("fails a file outside every area and a file importing its own area's index.ts", () => {
    const { problems } = checkStructure(fixture({ "lib/loose.ts": "export const x = 1;\n", "lib/accounts/barrel.ts": 'export * from ".";\n' }));
    expect(problems.sort()).toEqual([expect.stringMatching(/^lib\/accounts\/barrel\.ts: imports its own area's index\.ts/), expect.stringMatching(/^lib\/loose\.ts: outside every area/)]);
  });

  it("fails a cycle of files, through type imports too", () => {
    const { problems } = checkStructure(
      fixture({
        "lib/catalogue/courses/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
        "lib/catalogue/courses/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      }),
    );
    expect(problems).toEqual(["file cycle: lib/catalogue/courses/a.ts, lib/catalogue/courses/b.ts import each other in a loop"]);
  });

  it("holds for this repository", () => {
    expect(checkStructure(process.cwd()).problems).toEqual([]);
  });
});
