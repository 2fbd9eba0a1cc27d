import type { Reporter, TestModule } from "vitest/node";

/*
 * Names every skipped test and why, after vitest's own report: in a run of many files the default
 * reporter only counts them. A test is skipped for a tool the README's set-up does not install,
 * outside CI only (scripts/lib/missing-tool.ts).
 */
export default class SkippedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const lines = testModules.flatMap((module) =>
      [...module.children.allTests("skipped")].map((test) => {
        const result = test.result();
        const note = result.state === "skipped" ? result.note : undefined;
        return `  ↓ ${module.relativeModuleId} > ${test.fullName}${note ? `\n      ${note}` : ""}`;
      }),
    );
    if (lines.length) console.log(`\nSkipped (${lines.length})\n${lines.join("\n")}\n`);
  }
}
