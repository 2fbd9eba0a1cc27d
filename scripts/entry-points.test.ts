import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/*
 * Every npm script that runs TypeScript from source in a plain Node process loads
 * server/register-hooks.mjs (or resolves with the react-server condition), so a module that
 * imports "server-only" loads there as it does in the bundles: `npm run dev` crashed on its first
 * import for three days when one script did not (docs/architecture.md).
 */
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const fromSource = Object.entries(scripts).filter(([, command]) => /(^|\s)(tsx|node --import tsx|node .*--import tsx)\s/.test(command) && /\.ts(\s|$)/.test(command));

describe("scripts run from source", () => {
  it("include the ones a newcomer runs first", () => {
    expect(fromSource.map(([name]) => name)).toEqual(expect.arrayContaining(["dev", "worker", "db:migrate", "db:seed", "db:counts"]));
  });

  it.each(fromSource)("%s maps server-only to an empty module", (_name, command) => {
    expect(command).toMatch(/--import \.\/server\/register-hooks\.mjs|--conditions=react-server/);
  });
});
