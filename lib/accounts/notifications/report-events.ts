import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { clip } from "./kinds";
import { notify } from "./notify";

/** A report just resolved, and what its learner is told came of it (lib/authoring/reports/reasons.ts). */
type ResolvedReport = { id: number; outcome: string };

type ResolvedRow = { id: number; user_id: number; course_id: number; course_title: string; section_index: number; subsection_index: number | null; question: boolean; title: string };

/**
 * "Your report was resolved" to the learner of each report just resolved, in the transaction that
 * resolves them; its outcome says what changed, or that nothing was wrong. One notification per
 * report: a report is resolved once.
 */
export async function notifyReportsResolved(tx: Transaction, resolved: ResolvedReport[]): Promise<void> {
  if (resolved.length === 0) return;
  const outcomes = new Map(resolved.map((report) => [report.id, report.outcome]));
  const { rows } = await tx.execute<ResolvedRow>(sql`
    SELECT r.id, r.user_id, c.id AS course_id, c.title AS course_title, s.position AS section_index, sub.position AS subsection_index,
           r.question_id IS NOT NULL AS question, coalesce(sub.title, q.question) AS title
      FROM content_reports r
      LEFT JOIN course_subsections sub ON sub.id = r.subsection_id
      LEFT JOIN quiz_questions q ON q.id = r.question_id
      JOIN course_sections s ON s.id = coalesce(sub.section_id, q.section_id)
      JOIN courses c ON c.id = s.course_id
     WHERE r.id = ANY(${sql.param([...outcomes.keys()])}::int[])`);
  await notify(
    tx,
    rows.map((r) => ({
      userId: r.user_id,
      kind: "report_resolved" as const,
      payload: {
        report_id: r.id,
        course_id: r.course_id,
        course_title: clip(r.course_title),
        place: r.question ? ("question" as const) : ("lesson" as const),
        title: clip(r.title),
        section_index: r.section_index,
        subsection_index: r.question ? null : r.subsection_index,
        outcome: clip(outcomes.get(r.id) ?? ""),
      },
      eventKey: `report_resolved:${r.id}`,
    })),
  );
}
