/*
 * The public face of lib/practice/ (the learner's enrolments, progress, quizzes, mastery and
 * review): what the areas above it (tutor, authoring and operations) may import from it, and
 * nothing more (docs/architecture.md, "The areas of lib/"). Inside the area files import each
 * other directly; api/, app/, worker/ and scripts/ may import any file.
 */

export { NOT_ENROLLED } from "./learning/enrollment";
export { conceptKey, levelOfRow, MASTERY_MODEL, masteryOf } from "./mastery/model";
export { loadQuestionFacts } from "./mastery/question-facts";
export { openSectionQuiz } from "./quizzes/quiz-access";
export { revealTimes } from "./quizzes/reveals";
export { wasShownItem } from "./quizzes/shown-items";
export { questionVariantsRequest, type VariantsPayload } from "./quizzes/variants-request";
