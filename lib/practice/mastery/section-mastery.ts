import "server-only";
import type { Database } from "../../../db/client";
import { listConceptMastery, type ConceptRow } from "./list-mastery";

/** One section's mastery for the course overview: how many concepts, how many at each level, the average. */
export type SectionMastery = { concepts: number; answered: number; mastered: number; learning: number; struggling: number; average: number | null };

export function summariseSections(rows: ConceptRow[]): Map<number, SectionMastery> {
  const summary = new Map<number, SectionMastery>();
  for (const row of rows) {
    const s = summary.get(row.section_index) ?? { concepts: 0, answered: 0, mastered: 0, learning: 0, struggling: 0, average: null };
    s.concepts += 1;
    if (row.level !== "new") {
      s.average = ((s.average ?? 0) * s.answered + row.mastery) / (s.answered + 1);
      s.answered += 1;
    }
    if (row.level === "mastered") s.mastered += 1;
    if (row.level === "learning") s.learning += 1;
    if (row.level === "struggling") s.struggling += 1;
    summary.set(row.section_index, s);
  }
  return summary;
}

/** The learner's mastery per section of one course they are enrolled in (concepts are keyed to the section that first teaches them). */
export async function loadSectionMastery(db: Database, userId: number, courseId: number): Promise<Map<number, SectionMastery>> {
  return summariseSections(await listConceptMastery(db, userId, courseId));
}
