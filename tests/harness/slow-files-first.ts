import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * Vitest starts the files it has no timings for largest first, and a fresh clone (CI) has none.
 * The fuzz test's four files run for minutes each: started late, one worker ran them alone long
 * after the others had finished everything else. These files go first, longest first, so the other
 * files fill the other workers meanwhile.
 */
const LONGEST_FIRST = [
  "tests/api/fuzz-1.test.ts",
  "tests/api/fuzz-2.test.ts",
  "tests/api/fuzz-3.test.ts",
  "tests/api/fuzz-4.test.ts",
  "lib/authoring/generation/generation.test.ts",
  "lib/authoring/generation/worker-crash.test.ts",
  "db/migrate.test.ts",
  "lib/authoring/generation/local-profile.test.ts",
  "lib/accounts/mail/mail-delivery.test.ts",
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
