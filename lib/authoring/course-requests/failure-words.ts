/*
 * Why a learner's course stopped, in their words (docs/product-rules.md, "Course requests"): where
 * it stopped and the kind of trouble, never the model server's own text (its addresses, fragments
 * of keys), which admins read on the Generation screen.
 */

/** What kind of trouble the raw reason (lib/authoring/generation/call-checked.ts, the dead-letter step) tells of. */
function cause(raw: string | null): string {
  const text = raw ?? "";
  if (/content checks|\(\d+ tries\)|did not parse|not valid JSON|schema/i.test(text)) return "the model's answers did not pass our checks";
  if (/did not answer within|unfinished after|stopped sending|sent no token|timed? ?out/i.test(text)) return "the model took too long to answer";
  if (/429|Too Many Requests/i.test(text)) return "the model was too busy to answer";
  return "the model could not be reached";
}

const RESUME = "Try again to carry on from there; it does not use one of today's requests.";

/** A request that failed before its course was planned. */
export function planningStopped(raw: string | null): string {
  return `Writing stopped while planning your course: ${cause(raw)}. ${RESUME}`;
}

/** A course that failed with `ready` of its `total` sections written. */
export function writingStopped(raw: string | null, written: number, total: number): string {
  const where = total > 0 && written < total ? `at section ${written + 1} of ${total}` : "before its quizzes were finished";
  return `Writing stopped ${where}: ${cause(raw)}. ${RESUME}`;
}
