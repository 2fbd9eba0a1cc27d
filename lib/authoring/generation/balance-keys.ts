import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { courseSections, quizQuestions } from "../../../db/schema";
import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { balanceKeys } from "./key-positions";

/** Keys per option position among a course's saved quiz items (docs/architecture.md, "Model habits"). */
export async function courseKeyCounts(tx: Transaction, courseId: number): Promise<number[]> {
  const rows = await tx
    .select({ at: sql<number>`array_position(${quizQuestions.options}, ${quizQuestions.correctAnswer}) - 1`, n: sql<number>`count(*)::int` })
    .from(quizQuestions)
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .where(and(eq(courseSections.courseId, courseId), isNull(quizQuestions.retiredAt)))
    .groupBy(sql`1`);
  const counts: number[] = [];
  for (const { at, n } of rows) {
    while (counts.length <= at) counts.push(0);
    counts[at] = n;
  }
  return counts;
}

/** `questions` arranged, before they are saved, so the course's keys stay balanced over its positions. */
export async function balanceCourseKeys<Q extends GeneratedQuestion>(tx: Transaction, courseId: number, questions: Q[]): Promise<Q[]> {
  return balanceKeys(questions, await courseKeyCounts(tx, courseId)).questions;
}
