import "server-only";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { contentFlags, courses, courseSections, courseSubsections, quizQuestions } from "../../../db/schema";
import type { LlmClient } from "../../platform/llm/client";
import { judgePrompt } from "../prompts/judge";
import { buildMessages } from "../../platform/llm/render";
import { callChecked } from "./call-checked";

/*
 * The judge pass (docs/product-rules.md, "Judge"): with GENERATION_JUDGE=on, one call per
 * published section (on OPENAI_MODEL_JUDGE) reads its lessons and its quiz items with their keys
 * and lists errors, major or minor, each with a message. Each error becomes an open content_flags
 * row (kind judge) on its lesson or item, so it joins learners' reports in the admin queue. The
 * call is logged and costed like every generation call (step "judge"). A section already judged
 * (a judge flag on any of its items, open or resolved) is not judged again; a retried job
 * replaces the section's open judge flags in one transaction, never adds them twice.
 */

export type JudgePayload = { courseId: number; sectionId: number };

// The judge never delays writing: its calls wait behind every course's.
const JUDGE_PRIORITY = 1000;

function numberedLessons(lessons: { title: string; content: string }[]): string {
  return lessons.map((l, i) => `Lesson ${i + 1}: ${l.title}\n${l.content}`).join("\n\n---\n\n");
}

function numberedQuestions(questions: { question: string; options: string[]; correctAnswer: string; explanation: string | null }[]): string {
  return questions
    .map((q, i) => {
      const options = q.options.map((o) => `   - ${o}${o === q.correctAnswer ? "   (KEY)" : ""}`).join("\n");
      return `${i + 1}. ${q.question}\n${options}${q.explanation ? `\n   Explanation: ${q.explanation}` : ""}`;
    })
    .join("\n\n");
}

/** judge-section: scores one published section and flags its errors. */
export async function judgeSection(db: Database, llm: LlmClient, { courseId, sectionId }: JudgePayload): Promise<{ flags: number }> {
  const [section] = await db
    .select({ position: courseSections.position, title: courseSections.title, courseTitle: courses.title, level: courses.level, attempt: courses.generationAttempt })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
  if (!section) return { flags: 0 }; // deleted or regenerated since
  const lessons = await db.select().from(courseSubsections).where(eq(courseSubsections.sectionId, sectionId)).orderBy(asc(courseSubsections.position));
  const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.sectionId, sectionId)).orderBy(asc(quizQuestions.position));
  const onItems = or(
    lessons.length ? inArray(contentFlags.subsectionId, lessons.map((l) => l.id)) : undefined,
    questions.length ? inArray(contentFlags.questionId, questions.map((q) => q.id)) : undefined,
  );
  if (!onItems) return { flags: 0 };
  const [judged] = await db.select({ id: contentFlags.id }).from(contentFlags).where(and(eq(contentFlags.kind, "judge"), onItems)).limit(1);
  if (judged) return { flags: 0 };

  const output = await callChecked(
    db,
    llm,
    "judge",
    buildMessages(judgePrompt, {
      course_title: section.courseTitle,
      course_level: section.level,
      section_title: section.title,
      numbered_lessons: numberedLessons(lessons),
      numbered_questions: numberedQuestions(questions),
    }),
    () => [],
    { courseId, attempt: section.attempt, sectionIndex: section.position },
    `Section ${section.position + 1} ("${section.title}") (judge)`,
    { priority: JUDGE_PRIORITY },
  );
  // An error on an item the prompt did not show (a number out of range) has nowhere to go.
  const rows = output.errors.flatMap((e) => {
    const message = e.message.trim().slice(0, 2000);
    const lesson = e.item === "lesson" ? lessons[e.number - 1] : undefined;
    const question = e.item === "question" ? questions[e.number - 1] : undefined;
    if (!message || (!lesson && !question)) return [];
    return [{ courseId, subsectionId: lesson?.id ?? null, questionId: question?.id ?? null, kind: "judge" as const, severity: e.severity, message }];
  });
  await db.transaction(async (tx) => {
    await tx.delete(contentFlags).where(and(eq(contentFlags.kind, "judge"), isNull(contentFlags.resolvedAt), onItems));
    if (rows.length) await tx.insert(contentFlags).values(rows);
  });
  return { flags: rows.length };
}
