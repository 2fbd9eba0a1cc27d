// Checks the seed catalogue without a database: `npx tsx scripts/validate-catalogue.ts`
import { loadCatalogue } from "../db/seed/catalogue";

const { topics, courses } = loadCatalogue();
const sections = courses.flatMap((c) => c.sections);
console.log(
  `catalogue ok: ${topics.length} topics, ${courses.length} courses, ${sections.length} sections, ` +
    `${sections.reduce((n, s) => n + s.subsections.length, 0)} subsections, ` +
    `${sections.reduce((n, s) => n + s.quiz.length, 0)} quiz questions`,
);
