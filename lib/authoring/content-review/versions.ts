import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { contentVersions } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";

/*
 * Versions of the lessons and quiz items an admin edits (docs/product-rules.md, "Review and
 * editing"). An item's version is the number of its latest content_versions row (0 before any
 * change). Every change locks the item's row, checks the version the admin started from, and
 * writes the next row in the same transaction: two admins saving at once take turns, and the
 * second is refused with who-changed-it-when instead of overwriting the first (no lost update).
 */

export type ContentItem = { kind: "subsection"; id: number } | { kind: "question"; id: number };

export type ChangeKind = (typeof contentVersions.$inferInsert)["kind"];

const column = (item: ContentItem) => (item.kind === "subsection" ? sql`subsection_id` : sql`question_id`);

/** "14:02 UTC": when the other change was saved, in the conflict message. */
const clock = (at: Date) => `${new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(at)} UTC`;

export const NOUN = { subsection: "lesson", question: "question" } as const;

/** The item's latest version number and when it was saved (0 and null before any change). */
export async function latestVersion(tx: Transaction, item: ContentItem): Promise<{ version: number; at: Date | null }> {
  const { rows } = await tx.execute<{ version: number; created_at: string }>(sql`
    SELECT version, created_at FROM content_versions WHERE ${column(item)} = ${item.id} ORDER BY version DESC LIMIT 1`);
  const row = rows[0];
  return row ? { version: row.version, at: new Date(row.created_at) } : { version: 0, at: null };
}

/** Refuses (409) a change started from an older version than the item's latest. Call with the item's row locked. */
export async function checkVersion(tx: Transaction, item: ContentItem, startedFrom: number): Promise<number> {
  const latest = await latestVersion(tx, item);
  if (latest.version !== startedFrom) {
    const when = latest.at ? ` at ${clock(latest.at)}` : "";
    throw new AppError("conflict", `Someone else changed this ${NOUN[item.kind]}${when}; reload to see their version.`);
  }
  return latest.version;
}

/** Writes the item's next version row. */
export async function recordVersion(
  tx: Transaction,
  change: { courseId: number; item: ContentItem; version: number; kind: ChangeKind; before: unknown; after: unknown; instruction?: string | null; by: number | null },
): Promise<number> {
  const version = change.version + 1;
  await tx.insert(contentVersions).values({
    courseId: change.courseId,
    subsectionId: change.item.kind === "subsection" ? change.item.id : null,
    questionId: change.item.kind === "question" ? change.item.id : null,
    version,
    kind: change.kind,
    before: change.before ?? null,
    after: change.after ?? null,
    instruction: change.instruction ?? null,
    changedBy: change.by,
  });
  return version;
}
