import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../db/seed/catalogue";
import { catalogueContentProblems } from "./catalogue-problems";

describe("catalogueContentProblems", () => {
  it("finds none in the seed catalogue", () => {
    expect(catalogueContentProblems(loadCatalogue())).toEqual([]);
  });

  it("names the subsection whose fenced block has no language", () => {
    const catalogue = loadCatalogue();
    const course = catalogue.courses[0]!;
    const subsection = course.sections[0]!.subsections[1]!;
    subsection.content = `${subsection.content}\n\n\`\`\`\nprint("no language")\n\`\`\`\n`;
    const problems = catalogueContentProblems(catalogue);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.startsWith(`${course.title}, section 1, subsection 2: `)).toBe(true);
  });
});
