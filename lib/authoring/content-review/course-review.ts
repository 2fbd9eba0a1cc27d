import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";
import type { ReportReason } from "../reports/reasons";
import type { QuestionFields } from "./items";
import type { Regeneration } from "./responses";
import { listRegenerations } from "./regeneration-row";

/*
 * A course as the admin review screen shows it (docs/product-rules.md, "Review and editing"):
 * every lesson and every quiz item (live ones in the pool's order, fresh variants waiting for review
 * and retired ones apart) with its
 * version, its history, its open machine flags and learner reports, its passage for a sourced item,
 * the latest regeneration asked for it and the old and new version still to choose between. Six
 * reads, each by the course's index.
 */

export type Change = { version: number; kind: string; before: unknown; after: unknown; instruction: string | null; by: string | null; at: string };
export type OpenFlag = { kind: string; severity: string; message: string };
export type OpenReport = { reason: ReportReason; note: string | null };

/**
 * A regeneration whose old and new version the admin still chooses between: a revision waiting for
 * review (`review`: learners get the old one), or one written in place that nobody has kept or
 * undone yet (learners get the new one). Shown on the item learners get now.
 */
export type OpenChoice = { regenerationId: number; review: boolean; instruction: string | null; before: Regeneration["before"]; after: Regeneration["after"] };

type Extras = { version: number; history: Change[]; flags: OpenFlag[]; reports: OpenReport[]; regeneration: Regeneration | null; choice: OpenChoice | null };

export type ReviewLesson = Extras & { id: number; position: number; title: string; content: string };
/** `in_review`: a fresh variant waiting for an admin's approval (docs/product-rules.md, "Fresh variants"), drawn for nobody yet. */
export type ReviewQuestion = Extras & QuestionFields & { id: number; subsection_index: number | null; passage: string | null; retired: boolean; in_review: boolean };
export type CourseReview = {
  id: number;
  title: string;
  /** The course's topic: what its regeneration instructions are about. */
  subject: string;
  status: string;
  /** Each section's quiz items in use in the pool's order; `waiting` holds its fresh variants waiting for review, `retired` its retired ones (a rejected variant among them). */
  sections: { index: number; title: string; lessons: ReviewLesson[]; questions: ReviewQuestion[]; waiting: ReviewQuestion[]; retired: ReviewQuestion[] }[];
};

/**
 * The item's open choice (see OpenChoice), if any: its latest regeneration waiting for review, or
 * one that replaced it in place (a lesson's text, or a question by this new item) with nothing
 * changed since.
 */
function openChoice(latest: Regeneration | undefined, replacedBy: Regeneration | undefined, changes: Change[]): OpenChoice | null {
  const of = (r: Regeneration, review: boolean): OpenChoice => ({ regenerationId: r.id, review, instruction: r.instruction, before: r.before, after: r.after });
  if (latest?.status === "in_review") return of(latest, true);
  const inPlace = replacedBy ?? (latest?.kind === "subsection" ? latest : undefined);
  if (inPlace?.status === "done" && inPlace.decided_at === null && changes[0]?.kind === "regenerated") return of(inPlace, false);
  return null;
}

const key = (r: { subsection_id: number | null; question_id: number | null }) => (r.question_id !== null ? `q${r.question_id}` : `s${r.subsection_id}`);

function group<T extends { subsection_id: number | null; question_id: number | null }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

export async function getCourseReview(db: DatabaseOrTransaction, courseId: number): Promise<CourseReview> {
  const { rows: courseRows } = await db.execute<{ id: number; title: string; subject: string; status: string }>(sql`
    SELECT c.id, c.title, t.title AS subject, c.generation_status AS status FROM courses c JOIN topics t ON t.id = c.topic_id WHERE c.id = ${courseId}`);
  const course = courseRows[0];
  if (!course) throw new AppError("not_found", "Course not found.");
  const [{ rows: sections }, { rows: lessons }, { rows: questions }, { rows: versions }, { rows: flags }, { rows: reports }, regenerations] = await Promise.all([
    db.execute<{ id: number; position: number; title: string }>(sql`SELECT id, position, title FROM course_sections WHERE course_id = ${courseId} ORDER BY position`),
    db.execute<{ id: number; section_id: number; position: number; title: string; content: string }>(sql`
      SELECT sub.id, sub.section_id, sub.position, sub.title, sub.content FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id
       WHERE s.course_id = ${courseId} ORDER BY sub.position`),
    db.execute<Omit<ReviewQuestion, keyof Extras | "retired" | "in_review" | "passage"> & { section_id: number; retired_at: string | null; in_review_since: string | null; passage: string | null }>(sql`
      SELECT q.id, q.section_id, q.question, q.options, q.correct_answer, q.hint, q.explanation, q.concept, q.subsection_index, q.retired_at, q.in_review_since, p.text AS passage
        FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id LEFT JOIN source_passages p ON p.id = q.passage_id
       WHERE s.course_id = ${courseId} ORDER BY q.position`),
    db.execute<{ subsection_id: number | null; question_id: number | null; version: number; kind: string; before: unknown; after: unknown; instruction: string | null; by: string | null; created_at: string }>(sql`
      SELECT v.subsection_id, v.question_id, v.version, v.kind, v.before, v.after, v.instruction, nullif(trim(u.first_name || ' ' || u.last_name), '') AS by, v.created_at
        FROM content_versions v LEFT JOIN users u ON u.id = v.changed_by WHERE v.course_id = ${courseId} ORDER BY v.version DESC`),
    db.execute<{ subsection_id: number | null; question_id: number | null; kind: string; severity: string; message: string }>(sql`
      SELECT subsection_id, question_id, kind, severity, message FROM content_flags WHERE course_id = ${courseId} AND resolved_at IS NULL ORDER BY severity, id`),
    db.execute<{ subsection_id: number | null; question_id: number | null; reason: ReportReason; note: string | null }>(sql`
      SELECT r.subsection_id, r.question_id, r.reason, r.note FROM content_reports r
        LEFT JOIN course_subsections sub ON sub.id = r.subsection_id LEFT JOIN quiz_questions q ON q.id = r.question_id
        JOIN course_sections s ON s.id = coalesce(sub.section_id, q.section_id)
       WHERE s.course_id = ${courseId} AND r.resolved_at IS NULL ORDER BY r.updated_at DESC`),
    listRegenerations(db, courseId),
  ]);
  const history = group(versions);
  const openFlags = group(flags);
  const openReports = group(reports);
  const latestRegeneration = new Map<string, Regeneration>();
  const replacedBy = new Map<string, Regeneration>();
  for (const r of regenerations) {
    const k = r.kind === "question" ? `q${r.item_id}` : `s${r.item_id}`;
    if (!latestRegeneration.has(k)) latestRegeneration.set(k, r);
    if (r.replacement_id !== null && !replacedBy.has(`q${r.replacement_id}`)) replacedBy.set(`q${r.replacement_id}`, r);
  }
  const extras = (k: string): Extras => {
    const versions = history.get(k) ?? [];
    const changes = versions.map((c) => ({ version: c.version, kind: c.kind, before: c.before, after: c.after, instruction: c.instruction, by: c.by, at: new Date(c.created_at).toISOString() }));
    return {
      version: changes[0]?.version ?? 0,
      history: changes,
      flags: (openFlags.get(k) ?? []).map((f) => ({ kind: f.kind, severity: f.severity, message: f.message })),
      reports: (openReports.get(k) ?? []).map((r) => ({ reason: r.reason, note: r.note })),
      regeneration: latestRegeneration.get(k) ?? null,
      choice: openChoice(latestRegeneration.get(k), replacedBy.get(k), changes),
    };
  };
  return {
    id: course.id,
    title: course.title,
    subject: course.subject,
    status: course.status,
    sections: sections.map((s) => {
      const items = questions
        .filter((q) => q.section_id === s.id)
        .map(({ section_id: _section, retired_at, in_review_since, ...q }) => ({ ...q, retired: retired_at !== null, in_review: retired_at === null && in_review_since !== null, ...extras(`q${q.id}`) }));
      return {
        index: s.position,
        title: s.title,
        lessons: lessons.filter((l) => l.section_id === s.id).map((l) => ({ id: l.id, position: l.position, title: l.title, content: l.content, ...extras(`s${l.id}`) })),
        questions: items.filter((q) => !q.retired && !q.in_review),
        waiting: items.filter((q) => q.in_review),
        retired: items.filter((q) => q.retired),
      };
    }),
  };
}
