import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { ReportReason } from "./reasons";
import type { MachineFlag, QueueGroup, ReportQueue } from "./responses";

/*
 * The admins' reports queue (docs/product-rules.md, "Reports"): one group per lesson or quiz item
 * with anything open about it, learners' open reports and the item's analytics flag
 * (question_stats.flag, db/question-flags.ts) not yet resolved for that flag, and the machine
 * checks' open content_flags (grounding, citation, judge), merged. Sorted by how many learners are
 * affected: for reports the learners who reported it, for an analytics flag the learners who
 * answered the item, for a machine flag the item's learners (who answered a quiz item, who are
 * enrolled in a lesson's course), the largest of these; then the latest report or flag. Three
 * queries whatever the page's size: the groups (from the open reports', flags' and content
 * flags' partial indexes) with their context, their open reports, and their open content flags.
 */

/** How many of a group's open reports the queue shows (the counts cover all of them). */
export const REPORTS_PER_GROUP = 20;

type GroupRow = {
  question_id: number | null;
  subsection_id: number | null;
  reporters: number;
  flag: QueueGroup["flag"];
  flag_learners: number;
  affected: number;
  last_at: Date | null;
  sort_at: Date | null;
  course_id: number;
  course_title: string;
  section_index: number;
  section_title: string;
  subsection_index: number | null;
  title: string;
  options: string[] | null;
  correct_answer: string | null;
  explanation: string | null;
  total: number;
};

type MachineFlagRow = { id: number; question_id: number | null; subsection_id: number | null; kind: MachineFlag["kind"]; severity: MachineFlag["severity"]; message: string; created_at: Date };

type ReportRow = { id: number; question_id: number | null; subsection_id: number | null; reason: ReportReason; note: string | null; created_at: Date; updated_at: Date; rank: number };

const iso = (value: Date | string) => new Date(value).toISOString();
const keyOf = (r: { question_id: number | null; subsection_id: number | null }) => (r.question_id !== null ? `q${r.question_id}` : `s${r.subsection_id}`);

export async function listReportQueue(db: DatabaseOrTransaction, { page = 1, limit = 20 }: { page?: number; limit?: number } = {}): Promise<ReportQueue> {
  const { rows: groups } = await db.execute<GroupRow>(sql`
    WITH reported AS (
      SELECT question_id, subsection_id, count(DISTINCT user_id)::int AS reporters, max(updated_at) AS last_at
        FROM content_reports WHERE resolved_at IS NULL
       GROUP BY question_id, subsection_id
    ), flagged AS (
      SELECT st.question_id, st.flag, st.learners
        FROM question_stats st LEFT JOIN question_flag_reviews fr ON fr.question_id = st.question_id AND fr.flag = st.flag
       WHERE st.flag IS NOT NULL AND fr.question_id IS NULL
    ), machine AS (
      SELECT question_id, subsection_id, max(created_at) AS flagged_at
        FROM content_flags WHERE resolved_at IS NULL
       GROUP BY question_id, subsection_id
    ), items AS (
      SELECT question_id, subsection_id FROM reported
      UNION SELECT question_id, NULL FROM flagged
      UNION SELECT question_id, subsection_id FROM machine
    ), grouped AS (
      SELECT i.question_id, i.subsection_id,
             coalesce(r.reporters, 0) AS reporters, f.flag, coalesce(f.learners, 0) AS flag_learners,
             greatest(coalesce(r.reporters, 0), coalesce(f.learners, 0), CASE
               WHEN m.flagged_at IS NULL THEN 0
               WHEN i.question_id IS NOT NULL THEN (SELECT coalesce(max(st.learners), 0) FROM question_stats st WHERE st.question_id = i.question_id)
               ELSE (SELECT count(*) FROM enrollments e JOIN course_sections es ON es.course_id = e.course_id
                       JOIN course_subsections esub ON esub.section_id = es.id WHERE esub.id = i.subsection_id)
             END)::int AS affected,
             r.last_at, greatest(r.last_at, m.flagged_at) AS sort_at
        FROM items i
        LEFT JOIN reported r ON r.question_id IS NOT DISTINCT FROM i.question_id AND r.subsection_id IS NOT DISTINCT FROM i.subsection_id
        LEFT JOIN flagged f ON f.question_id = i.question_id
        LEFT JOIN machine m ON m.question_id IS NOT DISTINCT FROM i.question_id AND m.subsection_id IS NOT DISTINCT FROM i.subsection_id
    )
    SELECT g.*, c.id AS course_id, c.title AS course_title, s.position AS section_index, s.title AS section_title,
           sub.position AS subsection_index, coalesce(sub.title, q.question) AS title,
           q.options, q.correct_answer, q.explanation, count(*) OVER ()::int AS total
      FROM grouped g
      LEFT JOIN quiz_questions q ON q.id = g.question_id
      LEFT JOIN course_subsections sub ON sub.id = g.subsection_id
      JOIN course_sections s ON s.id = coalesce(q.section_id, sub.section_id)
      JOIN courses c ON c.id = s.course_id
     ORDER BY g.affected DESC, g.sort_at DESC NULLS LAST, g.question_id NULLS LAST, g.subsection_id
     LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  if (!groups.length) {
    // Past the last page: the first page's count still says how many there are.
    return { groups: [], total: page > 1 ? (await listReportQueue(db, { page: 1, limit: 1 })).total : 0 };
  }
  const questionIds = groups.flatMap((g) => (g.question_id !== null ? [g.question_id] : []));
  const subsectionIds = groups.flatMap((g) => (g.subsection_id !== null ? [g.subsection_id] : []));
  // The groups' open reports and machine flags, read together.
  const [{ rows: reports }, { rows: machineFlags }] = await Promise.all([
    db.execute<ReportRow>(sql`
    SELECT * FROM (
      SELECT id, question_id, subsection_id, reason, note, created_at, updated_at,
             row_number() OVER (PARTITION BY question_id, subsection_id ORDER BY updated_at DESC, id DESC)::int AS rank
        FROM content_reports
       WHERE resolved_at IS NULL
         AND (question_id = ANY(${sql.param(questionIds)}::int[]) OR subsection_id = ANY(${sql.param(subsectionIds)}::int[]))
    ) r`),
    db.execute<MachineFlagRow>(sql`
    SELECT id, question_id, subsection_id, kind, severity, message, created_at
      FROM content_flags
     WHERE resolved_at IS NULL
       AND (question_id = ANY(${sql.param(questionIds)}::int[]) OR subsection_id = ANY(${sql.param(subsectionIds)}::int[]))
     ORDER BY severity, created_at, id`),
  ]);
  const byGroup = new Map<string, ReportRow[]>();
  for (const report of reports) byGroup.set(keyOf(report), [...(byGroup.get(keyOf(report)) ?? []), report]);
  const flagsOf = new Map<string, MachineFlagRow[]>();
  for (const flag of machineFlags) flagsOf.set(keyOf(flag), [...(flagsOf.get(keyOf(flag)) ?? []), flag]);
  return {
    total: groups[0]!.total,
    groups: groups.map((g) => {
      const open = (byGroup.get(keyOf(g)) ?? []).sort((a, b) => a.rank - b.rank);
      const reasonCounts: QueueGroup["reason_counts"] = {};
      for (const r of open) reasonCounts[r.reason] = (reasonCounts[r.reason] ?? 0) + 1;
      return {
        kind: g.question_id !== null ? "question" : "lesson",
        course_id: g.course_id,
        course_title: g.course_title,
        section_index: g.section_index,
        section_title: g.section_title,
        subsection_index: g.subsection_index,
        question_id: g.question_id,
        title: g.title,
        options: g.options,
        correct_answer: g.correct_answer,
        explanation: g.explanation,
        affected_learners: g.affected,
        reporters: g.reporters,
        reason_counts: reasonCounts,
        flag: g.flag,
        flag_learners: g.flag_learners,
        machine_flags: (flagsOf.get(keyOf(g)) ?? []).map((f) => ({ id: f.id, kind: f.kind, severity: f.severity, message: f.message, created_at: iso(f.created_at) })),
        reports: open.slice(0, REPORTS_PER_GROUP).map((r) => ({ id: r.id, reason: r.reason, note: r.note, created_at: iso(r.created_at), updated_at: iso(r.updated_at) })),
        last_reported_at: g.last_at === null ? null : iso(g.last_at),
      };
    }),
  };
}
