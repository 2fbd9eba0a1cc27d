import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../db/client";
import type { GuardedItem } from "./leak-guard";

/*
 * The items the tutor must not answer (docs/tutor.md, "The answer guard"): every item of the
 * learner's quiz attempts under way whose key they have not been shown yet. Review only ever shows
 * items whose keys were shown, so it adds none.
 */

export type OpenItem = GuardedItem & { courseId: number; sectionIndex: number; hint: string | null };

const OPEN_ITEMS = fixedStatement(
  "tutor_open_items",
  `SELECT d.course_id AS "courseId", d.section_index AS "sectionIndex", i.position, q.question, i.options, q.correct_answer AS key, q.hint
     FROM quiz_draws d JOIN quiz_draw_items i ON i.draw_id = d.id JOIN quiz_questions q ON q.id = i.question_id
    WHERE d.user_id = $1 AND i.final_at IS NULL
    ORDER BY d.id, i.position`,
);

export async function openItems(db: DatabaseOrTransaction, userId: number): Promise<OpenItem[]> {
  const rows = await runFixed<Omit<OpenItem, "number"> & { position: number }>(db, OPEN_ITEMS, [userId]);
  return rows.map(({ position, ...item }) => ({ ...item, number: position + 1 }));
}
