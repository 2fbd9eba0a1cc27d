// Checks the seed catalogue without a database: `npx tsx scripts/validate-catalogue.ts`, or only
// some course files: `npx tsx scripts/validate-catalogue.ts python-basics.yaml sql-essentials.yaml`.
import { basename } from "node:path";
import { loadCatalogue } from "../db/seed/catalogue";
import { catalogueContentProblems } from "../lib/platform/content/catalogue-problems";

const only = process.argv.slice(2).map((f) => basename(f));
const catalogue = loadCatalogue(undefined, only.length ? only : undefined);
const problems = catalogueContentProblems(catalogue);
if (problems.length > 0) {
  console.error(`catalogue has problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
const { topics, courses } = catalogue;
const sections = courses.flatMap((c) => c.sections);
console.log(
  `catalogue ok: ${topics.length} topics, ${courses.length} courses, ${sections.length} sections, ` +
    `${sections.reduce((n, s) => n + s.subsections.length, 0)} subsections, ` +
    `${sections.reduce((n, s) => n + s.quiz.length, 0)} quiz questions`,
);
