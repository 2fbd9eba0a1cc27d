import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { hitLimit, type Limit } from "../../platform/rate-limit";
import type { ReportInput, ReportTarget } from "./schemas";
import type { MyReport } from "./responses";
import { myReport } from "./my-reports";
import { learnerTarget } from "./target";

/**
 * Reports (and updates of one) per learner: far more than anyone finds wrong in an hour of
 * reading, far fewer than a script flooding the admins' queue would send.
 */
export const REPORT_LIMIT = { name: "report:user", max: 20, windowSeconds: 60 * 60 } satisfies Limit;

export const TOO_MANY_REPORTS = "You have sent many reports in a short time. Please wait a while and try again.";

/** Plain text: control characters other than line breaks and tabs go; markup stays as typed (never rendered as HTML). */
export function plainNote(note: string | undefined): string | null {
  const text = (note ?? "").replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").trim();
  return text === "" ? null : text;
}

/**
 * POST /reports: the learner's report on a lesson or a quiz item they can see (404 otherwise,
 * lib/authoring/reports/target.ts). Their open report on the same target is updated instead of a second
 * one being made (`created` false); after an admin handled it, a new report starts afresh.
 */
export async function reportProblem(db: DatabaseOrTransaction, userId: number, target: ReportTarget, input: Pick<ReportInput, "reason" | "note">): Promise<{ report: MyReport; created: boolean }> {
  // The limit first: a script probing what exists is refused before any lookup.
  await hitLimit(db, REPORT_LIMIT, String(userId), TOO_MANY_REPORTS);
  const stored = await learnerTarget(db, userId, target);
  const note = plainNote(input.note);
  const column = stored.questionId !== null ? sql.raw("question_id") : sql.raw("subsection_id");
  const value = stored.questionId ?? stored.subsectionId;
  const { rows } = await db.execute<{ id: number; created: boolean }>(sql`
    INSERT INTO content_reports (user_id, ${column}, reason, note) VALUES (${userId}, ${value}, ${input.reason}, ${note})
    ON CONFLICT (user_id, ${column}) WHERE resolved_at IS NULL AND ${column} IS NOT NULL
    DO UPDATE SET reason = EXCLUDED.reason, note = EXCLUDED.note, updated_at = now()
    RETURNING id, (xmax = 0) AS created`);
  const row = rows[0]!;
  return { report: await myReport(db, userId, row.id), created: row.created };
}
