import "server-only";
import { inArray } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { contentFlags, sourcePassages, subsectionCitations, type generationParts } from "../../../db/schema";
import { citedNumbers, type NumberedPassage, type PartFlag } from "./from-sources";

/*
 * What publication writes for a course written from sources (docs/sources.md, "Citations"), beside
 * the lessons and questions lib/authoring/generation/publish.ts writes: each lesson's inline citations
 * (only the numbers it cites) with their passages, each question's supporting passage, and the
 * flags the grounding check raised, on the new rows' ids. A passage deleted since the lesson was
 * written (its source deleted) keeps its number with no passage, and is flagged as a citation
 * that does not resolve.
 */

type Part = Pick<typeof generationParts.$inferSelect, "position" | "content" | "passages" | "flags">;

const numberingOf = (part: Pick<Part, "passages">) => (part.passages as NumberedPassage[] | null) ?? [];

/** Of the passage ids the parts were given, those that still exist. */
async function livePassages(tx: Transaction, parts: Pick<Part, "passages">[]): Promise<Set<number>> {
  const ids = [...new Set(parts.flatMap((p) => numberingOf(p).map((n) => n.passage_id)))];
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: sourcePassages.id }).from(sourcePassages).where(inArray(sourcePassages.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Writes the citations and flags of a section's newly published lessons (`rows`: their ids by position). */
export async function publishLessonGrounding(tx: Transaction, courseId: number, parts: Part[], rows: { id: number; position: number }[]): Promise<void> {
  const live = await livePassages(tx, parts);
  const citations: (typeof subsectionCitations.$inferInsert)[] = [];
  const flags: (typeof contentFlags.$inferInsert)[] = [];
  for (const part of parts) {
    const subsectionId = rows.find((r) => r.position === part.position)?.id;
    const numbering = numberingOf(part);
    if (subsectionId === undefined || !numbering.length) continue;
    const found: PartFlag[] = [...((part.flags as PartFlag[] | null) ?? [])];
    for (const number of citedNumbers(part.content ?? "")) {
      const passageId = numbering.find((n) => n.number === number)?.passage_id;
      if (passageId === undefined) {
        found.push({ kind: "citation", message: `Citation [${number}] points to no passage of this lesson.` });
        continue;
      }
      const resolves = live.has(passageId);
      citations.push({ subsectionId, number, passageId: resolves ? passageId : null });
      if (!resolves) found.push({ kind: "citation", message: `Citation [${number}] points to a passage whose source was deleted.` });
    }
    flags.push(...found.map((f) => ({ courseId, subsectionId, kind: f.kind, severity: "major" as const, message: f.message })));
  }
  if (citations.length) await tx.insert(subsectionCitations).values(citations).onConflictDoNothing();
  if (flags.length) await tx.insert(contentFlags).values(flags);
}

/** The supporting passage of a section's questions, by their part's position and passage number (null when none, or gone). */
export async function questionPassages(tx: Transaction, parts: Part[]): Promise<(position: number, question: object) => number | null> {
  const live = await livePassages(tx, parts);
  return (position, question) => {
    const number = "passage" in question ? question.passage : undefined;
    const part = parts.find((p) => p.position === position);
    const passageId = part && numberingOf(part).find((n) => n.number === number)?.passage_id;
    return passageId !== undefined && live.has(passageId) ? passageId : null;
  };
}
