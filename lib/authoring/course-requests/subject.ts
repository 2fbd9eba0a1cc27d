/*
 * A subject a learner types for a course of their own (docs/product-rules.md, "Course requests";
 * docs/security.md, "Course requests"). It reaches the model as the course's topic, inside quotes in
 * every prompt, so it must read as a subject and nothing else: a short line of printable text with
 * no quote or bracket to close the prompt's quotes with, and no wording that addresses the model.
 * Pure functions: the form checks as the learner types, the server checks again.
 */

export const SUBJECT_MIN = 2;
export const SUBJECT_MAX = 80;
export const SUBJECT_MAX_WORDS = 12;

/** Letters, marks, digits, spaces and the punctuation subject names use ("C++", "C#", "Node.js", "Sewing: the basics"). */
const ALLOWED = /^[\p{L}\p{M}\p{N} \-'’.,&+#/():!?]+$/u;

/*
 * Wording that speaks to the model rather than names a subject. Kept narrow on purpose: "Prompt
 * engineering" or "What you should know about taxes" are subjects; "ignore the rules above" is not.
 */
const INSTRUCTIONS = [
  /\b(ignore|disregard|forget|override|bypass)\b.*\b(instructions?|rules?|prompts?|above|previous|earlier|everything|guidelines?|system)\b/i,
  /\b(system|developer|assistant)\s+(prompt|message|role|instructions?)\b/i,
  /\byou\s+(are|must|will)\s+now\b/i,
  /\b(act|behave|pretend|roleplay)\s+(as|like|to\s+be)\b/i,
  /\b(respond|reply|output)\s+(only|with|in)\b/i,
  /\bnew\s+instructions?\b/i,
  /\b(instructions?|task|system)\s*:/i,
];

export const SUBJECT_NOT_INSTRUCTIONS = 'Describe a subject to learn, such as "Beekeeping for beginners", not instructions.';

/** The text as it is stored and sent: Unicode NFKC, spaces collapsed, trimmed. */
export function normaliseSubject(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").trim();
}

/** Why this subject cannot be asked for, in words for the learner; null when it can. */
export function subjectProblem(raw: string): string | null {
  // Invisible and control characters are refused before anything is normalised away: zero-width
  // joiners and bidi overrides are how text hides what it says.
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u.test(raw.replace(/[\t\n\r]/g, " "))) return "Use visible letters and numbers only.";
  const subject = normaliseSubject(raw);
  if (subject.length < SUBJECT_MIN) return "Type a subject of at least 2 characters.";
  if (subject.length > SUBJECT_MAX) return `Keep the subject under ${SUBJECT_MAX} characters.`;
  if (subject.split(" ").length > SUBJECT_MAX_WORDS) return `Keep the subject to ${SUBJECT_MAX_WORDS} words or fewer.`;
  if (!ALLOWED.test(subject)) return "Use letters, numbers, spaces and - ' . , & + # / ( ) : ! ? only.";
  if (!/[\p{L}\p{N}]/u.test(subject)) return "Type a subject with letters or numbers in it.";
  if (INSTRUCTIONS.some((pattern) => pattern.test(subject))) return SUBJECT_NOT_INSTRUCTIONS;
  return null;
}
