import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import { notifyReportsResolved } from "../../accounts";
import type { ReportTarget } from "./schemas";
import type { ResolvedReports } from "./responses";
import { OUTCOME_TEXT, type ReportOutcome, type ReportResolution } from "./reasons";
import { anyTarget, type StoredTarget } from "./target";

export const NOTHING_OPEN = "Nothing is open about that lesson or question: it may have been resolved already.";

/**
 * What each report's learner is told came of it (content_reports.outcome, docs/product-rules.md,
 * "Reports"): an edit or a regeneration says so; "fixed" from the queue says what changed in the
 * lesson or item since that report was made (its latest version row since then: edited, rewritten,
 * taken out of the quiz), or, when nothing did, that it was checked and no change was needed.
 */
function outcomeOf(resolution: ReportResolution, on: SQL): SQL {
  const given: Partial<Record<ReportResolution, ReportOutcome>> = { dismissed: "dismissed", edited: "edited", regenerated: "rewritten" };
  if (given[resolution]) return sql`${given[resolution]}::report_outcome`;
  return sql`coalesce((
    SELECT (CASE v.kind WHEN 'retired' THEN 'removed' WHEN 'regenerated' THEN 'rewritten' WHEN 'replaced' THEN 'rewritten' ELSE 'edited' END)::report_outcome
      FROM content_versions v WHERE v.${on} AND v.created_at >= content_reports.created_at
     ORDER BY v.version DESC LIMIT 1), 'no_change')`;
}

/**
 * Everything open about one stored target, resolved in the caller's transaction: its open reports
 * (their learners then see it handled, with its outcome), the machine's open flags on it
 * (content_flags) and, for a quiz item, its current analytics flag (which comes back only if the
 * flag changes).
 */
export async function resolveOpen(tx: Transaction, adminId: number, stored: StoredTarget, resolution: ReportResolution, note: string | null): Promise<ResolvedReports> {
  const on = stored.questionId !== null ? sql`question_id = ${stored.questionId}` : sql`subsection_id = ${stored.subsectionId}`;
  const reports = await tx.execute<{ id: number; outcome: ReportOutcome }>(sql`
    UPDATE content_reports SET resolution = ${resolution}, outcome = ${outcomeOf(resolution, on)}, resolution_note = ${note}, resolved_by = ${adminId}, resolved_at = now(), updated_at = now()
     WHERE ${on} AND resolved_at IS NULL RETURNING id, outcome`);
  await notifyReportsResolved(tx, reports.rows.map((report) => ({ id: report.id, outcome: OUTCOME_TEXT[report.outcome] })));
  const machineFlags = await tx.execute(sql`
    UPDATE content_flags SET resolution = ${resolution}, resolution_note = ${note}, resolved_by = ${adminId}, resolved_at = now()
     WHERE ${on} AND resolved_at IS NULL`);
  let flagResolved = false;
  if (stored.questionId !== null) {
    const flags = await tx.execute(sql`
      INSERT INTO question_flag_reviews (question_id, flag, resolution, note, resolved_by)
      SELECT st.question_id, st.flag, ${resolution}, ${note}, ${adminId} FROM question_stats st
       WHERE st.question_id = ${stored.questionId} AND st.flag IS NOT NULL
      ON CONFLICT (question_id) DO UPDATE SET flag = EXCLUDED.flag, resolution = EXCLUDED.resolution, note = EXCLUDED.note,
             resolved_by = EXCLUDED.resolved_by, resolved_at = now()
       WHERE question_flag_reviews.flag <> EXCLUDED.flag`);
    flagResolved ||= (flags.rowCount ?? 0) > 0;
  }
  return { resolved_reports: reports.rows.length, flag_resolved: flagResolved, resolved_machine_flags: machineFlags.rowCount ?? 0 };
}

/**
 * POST /reports/resolve: resolves one target's group at once (resolveOpen). The review screen's
 * edit and regeneration resolve the same way, as 'edited' or 'regenerated', in the transaction of
 * the change (lib/authoring/content-review; docs/product-rules.md, "Reports"). 404 when nothing was open, so
 * two admins resolving the same group see that the other one did.
 */
export async function resolveReports(db: Database, adminId: number, target: ReportTarget, resolution: ReportResolution, note: string | null): Promise<ResolvedReports> {
  const stored = await anyTarget(db, target);
  if (!stored) throw new AppError("not_found", NOTHING_OPEN);
  return db.transaction(async (tx) => {
    const resolved = await resolveOpen(tx, adminId, stored, resolution, note);
    if (resolved.resolved_reports === 0 && !resolved.flag_resolved && resolved.resolved_machine_flags === 0) throw new AppError("not_found", NOTHING_OPEN);
    return resolved;
  });
}
