import "server-only";
import { and, asc, eq, exists, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { courseSections, courseSubsections, courses } from "../../../db/schema";
import { estimateCourseMinutes } from "./duration";

/*
 * The one place a course's duration is written (docs/product-rules.md, "Durations"): from its
 * published sections, whenever publication adds one (lib/authoring/generation/publish.ts), and for courses
 * stored before the estimate existed (backfillCourseDurations, run where the seed tops up older
 * databases: scripts/stack.ts, scripts/seed.ts). The seed catalogue's new courses get the same
 * estimate from db/seed, which is handed estimateCourseMinutes.
 */

/** Estimates a course from its published sections and stores it; returns the minutes. */
export async function storeCourseDuration(tx: Transaction | Database, courseId: number): Promise<number> {
  const rows = await tx
    .select({ sectionId: courseSections.id, content: courseSubsections.content })
    .from(courseSections)
    .leftJoin(courseSubsections, eq(courseSubsections.sectionId, courseSections.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSubsections.position));
  const sections = new Map<number, { content: string }[]>();
  for (const row of rows) {
    const subsections = sections.get(row.sectionId) ?? [];
    if (row.content !== null) subsections.push({ content: row.content });
    sections.set(row.sectionId, subsections);
  }
  const minutes = estimateCourseMinutes([...sections.values()].map((subsections) => ({ subsections })));
  await tx.update(courses).set({ durationMinutes: minutes }).where(and(eq(courses.id, courseId), sql`${courses.durationMinutes} <> ${minutes}`));
  return minutes;
}

/**
 * Courses with published sections and no estimate yet (stored before the estimate existed: the
 * migration that added it could not run the rule) get theirs; returns how many. Published content
 * always estimates above 0 (each section's quiz counts), so 0 with sections means "not estimated".
 */
export async function backfillCourseDurations(db: Database): Promise<number> {
  const missing = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.durationMinutes, 0), exists(db.select({ one: sql`1` }).from(courseSections).where(eq(courseSections.courseId, courses.id)))));
  for (const { id } of missing) await storeCourseDuration(db, id);
  return missing.length;
}
