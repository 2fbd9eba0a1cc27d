// Checks the seed catalogue without a database: `npx tsx scripts/validate-catalogue.ts`
import { loadCatalogue } from "../db/seed/catalogue";
import { catalogueContentProblems } from "../lib/content/catalogue-problems";

const catalogue = loadCatalogue();
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
