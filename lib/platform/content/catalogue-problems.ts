import type { Catalogue } from "../../../db/seed/catalogue";
import { fencesWithoutLanguage } from "./fences";

/** Where the seed catalogue breaks the content rules db/seed/catalogue.ts cannot check itself: one line per problem. */
export function catalogueContentProblems(catalogue: Catalogue): string[] {
  return catalogue.courses.flatMap((course) =>
    course.sections.flatMap((section, sectionIndex) =>
      section.subsections.flatMap((subsection, subsectionIndex) => {
        const lines = fencesWithoutLanguage(subsection.content);
        if (lines.length === 0) return [];
        return [`${course.title}, section ${sectionIndex + 1}, subsection ${subsectionIndex + 1}: a fenced code block without its language or left open (lines ${lines.join(", ")})`];
      }),
    ),
  );
}
