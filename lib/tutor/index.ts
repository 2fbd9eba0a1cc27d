/*
 * The public face of lib/tutor/ (the lesson tutor's conversations and guards): what the areas
 * above it (authoring and operations) may import from it, and nothing more (docs/architecture.md,
 * "The areas of lib/"). Inside the area files import each other directly; api/, app/, worker/ and
 * scripts/ may import any file.
 */

export { openLesson } from "./lesson";
