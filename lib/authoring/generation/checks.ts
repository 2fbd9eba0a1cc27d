import { fencesWithoutLanguage } from "../../platform/content/fences";
import type { CourseOutlineOutput, GeneratedQuestion, TopicCoursesOutput } from "../../platform/llm/tasks";

/*
 * Content rules beyond the schema, checked before anything is saved. Whatever fails is
 * regenerated, never stored: subsection markdown non-empty with every code fence naming its
 * language, 4 distinct options, the correct answer one of them, a hint, no key given away in the
 * question or the hint, no repeated questions.
 */

export const MIN_COURSES = 3;
export const MAX_COURSES = 5;
export const MIN_SECTIONS = 2;
export const MAX_SECTIONS = 8;
export const MIN_SUBSECTIONS = 1;
export const MAX_SUBSECTIONS = 6;
const MIN_CONTENT_CHARS = 40;

/** How two questions or titles are compared: case and spacing do not make them different. */
export const norm = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

export function checkTopicCourses(output: TopicCoursesOutput): string[] {
  const problems: string[] = [];
  const { courses } = output;
  if (courses.length < MIN_COURSES || courses.length > MAX_COURSES) problems.push(`expected ${MIN_COURSES} to ${MAX_COURSES} courses, got ${courses.length}`);
  const titles = new Set<string>();
  courses.forEach((c, i) => {
    if (!c.title.trim()) problems.push(`course ${i + 1} has no title`);
    if (!c.description.trim()) problems.push(`course ${i + 1} has no description`);
    if (titles.has(norm(c.title))) problems.push(`course title "${c.title}" is repeated`);
    titles.add(norm(c.title));
  });
  if (new Set(courses.map((c) => c.level)).size < 2) problems.push("the courses do not span at least two levels");
  return problems;
}

export function checkOutline(output: CourseOutlineOutput): string[] {
  const problems: string[] = [];
  const { sections } = output;
  if (sections.length < MIN_SECTIONS || sections.length > MAX_SECTIONS) problems.push(`expected ${MIN_SECTIONS} to ${MAX_SECTIONS} sections, got ${sections.length}`);
  const titles = new Set<string>();
  sections.forEach((s, i) => {
    if (!s.title.trim()) problems.push(`section ${i + 1} has no title`);
    if (titles.has(norm(s.title))) problems.push(`section title "${s.title}" is repeated`);
    titles.add(norm(s.title));
    if (s.subsections.length < MIN_SUBSECTIONS || s.subsections.length > MAX_SUBSECTIONS) {
      problems.push(`section ${i + 1} has ${s.subsections.length} subsections`);
    }
    if (s.subsections.some((t) => !t.trim())) problems.push(`section ${i + 1} has an empty subsection title`);
    if (new Set(s.subsections.map(norm)).size !== s.subsections.length) problems.push(`section ${i + 1} repeats a subsection title`);
  });
  return problems;
}

/** Subsection content against the planned titles: one per title, non-empty, every fence with a language. */
export function checkSubsections(planned: string[], subsections: { title: string; content: string }[]): string[] {
  const problems: string[] = [];
  if (subsections.length !== planned.length) problems.push(`expected ${planned.length} subsections, got ${subsections.length}`);
  subsections.slice(0, planned.length).forEach((s, i) => {
    if (s.content.trim().length < MIN_CONTENT_CHARS) problems.push(`subsection ${i + 1} has no real content`);
    const fences = fencesWithoutLanguage(s.content);
    if (fences.length) problems.push(`subsection ${i + 1} has a code fence without a language (line ${fences[0]})`);
  });
  return problems;
}

export type CheckedQuestion = GeneratedQuestion;
export type RejectedQuestion = { question: string; reason: string };

/** Why one question cannot be saved, or null. The correct answer is matched after trimming. */
export function questionProblem(q: GeneratedQuestion): string | null {
  if (!q.question.trim()) return "the question is empty";
  if (q.options.length !== 4) return `it has ${q.options.length} options instead of 4`;
  if (q.options.some((o) => !o.trim())) return "an option is empty";
  if (new Set(q.options.map(norm)).size !== 4) return "two options are the same";
  if (!q.options.some((o) => o.trim() === q.correct_answer.trim())) return "the correct answer is not one of the options";
  if (!q.hint.trim()) return "it has no hint";
  if (!q.concept.trim()) return "it names no concept";
  if (!q.explanation.trim()) return "it has no explanation";
  if (givesAnswerAway(q.question, q)) return "the question gives its answer away";
  if (givesAnswerAway(q.hint, q)) return "the hint gives the answer away";
  return null;
}

/** Shorter keys ("4", "len") turn up in stems by chance; from this length, one in the text is a leak. */
const LEAK_MIN_CHARS = 4;

/** `phrase` in `text` as whole words: not inside a longer word or number. */
function hasPhrase(text: string, phrase: string): boolean {
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const before = text[at - 1];
    const after = text[at + phrase.length];
    if (!(before && /\w/.test(before)) && !(after && /\w/.test(after))) return true;
  }
  return false;
}

/**
 * The key written out in the text while no other option is: a learner could copy it without
 * knowing anything (a habit of models asked for variants: "...? The answer is X."). A stem that
 * names several options ("a list or a tuple?") gives nothing away.
 */
function givesAnswerAway(text: string, q: GeneratedQuestion): boolean {
  const key = norm(q.correct_answer);
  if (key.length < LEAK_MIN_CHARS) return false;
  const said = norm(text);
  return hasPhrase(said, key) && !q.options.some((o) => norm(o) !== key && hasPhrase(said, norm(o)));
}

/**
 * Splits generated questions into the ones to keep (clean, not repeating `existing` or each
 * other, with the answer copied exactly from the options) and the ones to regenerate.
 */
export function checkQuestions<Q extends GeneratedQuestion>(questions: Q[], existing: Pick<GeneratedQuestion, "question">[] = []): { valid: Q[]; rejected: RejectedQuestion[] } {
  const seen = new Set(existing.map((q) => norm(q.question)));
  const valid: Q[] = [];
  const rejected: RejectedQuestion[] = [];
  for (const q of questions) {
    const problem = questionProblem(q) ?? (seen.has(norm(q.question)) ? "it repeats another question" : null);
    if (problem) {
      rejected.push({ question: q.question, reason: problem });
      continue;
    }
    seen.add(norm(q.question));
    const options = q.options.map((o) => o.trim());
    // Whatever else the task's schema carries (a sourced question's passage number) stays.
    valid.push({ ...q, question: q.question.trim(), options, correct_answer: q.correct_answer.trim(), hint: q.hint.trim(), concept: q.concept.trim(), explanation: q.explanation.trim() });
  }
  return { valid, rejected };
}
