/*
 * The public face of lib/authoring/ (generation, sources, content review, course requests and
 * learners' problem reports): what the areas above it (operations) may import from it, and nothing
 * more (docs/architecture.md, "The areas of lib/"). Inside the area files import each other
 * directly; api/, app/, worker/ and scripts/ may import any file.
 */

export { adminGenerationState, type AdminGenerationState } from "./generation/waiting";
export { exportReports } from "./reports/export-rows";
