import "server-only";
import { and, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { courses, topics, users } from "../../../db/schema";
import type { Caller } from "../../accounts";
import { AppError } from "../../platform/http/app-error";
import { escapeLike } from "../../platform/search/like-pattern";
import type { AdminTopic } from "./responses";
import type { NewTopicInput, TopicInput } from "./schemas";
import { catalogueTopic, topicWithCreatorColumns } from "./list-topics";
import { onTopicCreated } from "./on-topic-created";

/*
 * The admin's side of topics (docs/product-rules.md, Catalogue: create, edit, delete, view a topic's courses).
 * Deleting a topic takes its courses and everything under them with it through the foreign keys
 * (courses, sections, subsections, quiz questions, enrolments, quiz attempts and answers all
 * cascade), in the one DELETE statement.
 */

const NOT_FOUND = "Topic not found.";
const DUPLICATE = "A topic with this title already exists.";

/** A course as the 'View Courses' dialog lists it. */
export type AdminTopicCourse = {
  id: number;
  course_title: string;
  course_level: "Beginner" | "Intermediate" | "Advanced";
  is_detail_created_by_ai: boolean;
  generation_status: "pending" | "running" | "failed" | "done";
};

export type AdminTopicRow = AdminTopic & { totalCourses: number; courses: AdminTopicCourse[] };

/** The admin's view of a topic: the catalogue's columns and its settings. */
const adminTopicColumns = { ...topicWithCreatorColumns, generationReview: topics.generationReview, sourcesFirst: topics.sourcesFirst };

type AdminTopicSelected = {
  id: number;
  title: string;
  description: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  generationReview: AdminTopic["generation_review"];
  sourcesFirst: boolean;
};

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What POST and PUT answer: the topic as Manage Topics shows it, without its course list. */
async function loadAdminTopic(db: DatabaseOrTransaction, id: number): Promise<AdminTopic> {
  const [row] = await db.select(adminTopicColumns).from(topics).leftJoin(users, eq(users.id, topics.createdBy)).where(eq(topics.id, id));
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return toAdminTopic(row);
}

function toAdminTopic(row: AdminTopicSelected): AdminTopic {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    creator: row.firstName === null ? null : { first_name: row.firstName, last_name: row.lastName ?? "" },
    generation_review: row.generationReview,
    sources_first: row.sourcesFirst,
  };
}

/**
 * POST /topics: the topic and, in the same transaction, the request to generate its courses
 * (onTopicCreated), so there is never a topic whose generation was silently not asked for. A topic
 * created sources first asks for none: the end of its sources' reading does (docs/sources.md).
 */
export async function createTopic(db: Database, caller: Caller, input: NewTopicInput): Promise<AdminTopic> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const sourcesFirst = input.sources_first ?? false;
      const [row] = await tx
        .insert(topics)
        .values({ title: input.title, description: input.description, createdBy: caller.id, generationReview: input.generation_review ?? null, sourcesFirst })
        .returning({ id: topics.id });
      if (!sourcesFirst) await onTopicCreated(tx, row!.id);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE);
    throw error;
  }
  return loadAdminTopic(db, id);
}

/** PUT /topics/{id}: a new title and description (titles stay unique, case-insensitively). */
export async function updateTopic(db: DatabaseOrTransaction, id: number, input: TopicInput): Promise<AdminTopic> {
  let updated: { id: number }[];
  try {
    updated = await db
      .update(topics)
      .set({ title: input.title, description: input.description, ...(input.generation_review === undefined ? {} : { generationReview: input.generation_review }) })
      .where(eq(topics.id, id))
      .returning({ id: topics.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE);
    throw error;
  }
  if (!updated.length) throw new AppError("not_found", NOT_FOUND);
  return loadAdminTopic(db, id);
}

/** DELETE /topics/{id}: the topic, its courses and everything under them (ON DELETE CASCADE). */
export async function deleteTopic(db: DatabaseOrTransaction, id: number): Promise<void> {
  const deleted = await db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
  if (!deleted.length) throw new AppError("not_found", NOT_FOUND);
}

const LEVEL_ORDER = { Beginner: 0, Intermediate: 1, Advanced: 2 } as const;

/**
 * Manage Topics: one page of topics (title search, case-insensitive), newest first, each with
 * its course count and courses (level and generation status) for the 'View Courses' dialog.
 */
export async function listAdminTopics(db: DatabaseOrTransaction, options: { search?: string; page?: number; limit?: number }): Promise<{ topics: AdminTopicRow[]; total: number }> {
  // Learners' free-text subjects are not the admin's topics: the Generation screen lists those requests.
  const where: SQL | undefined = and(catalogueTopic, options.search ? ilike(topics.title, `%${escapeLike(options.search)}%`) : undefined);
  const query = db
    .select(adminTopicColumns)
    .from(topics)
    .leftJoin(users, eq(users.id, topics.createdBy))
    .where(where)
    .orderBy(desc(topics.createdAt), desc(topics.id))
    .$dynamic();
  if (options.limit) query.limit(options.limit).offset(((options.page ?? 1) - 1) * options.limit);
  const [rows, [totalRow]] = await Promise.all([query, db.select({ n: count() }).from(topics).where(where)]);

  const ids = rows.map((r) => r.id);
  const courseRows = ids.length
    ? await db
        .select({
          id: courses.id,
          topicId: courses.topicId,
          title: courses.title,
          level: courses.level,
          isDetailCreatedByAi: courses.isDetailCreatedByAi,
          generationStatus: courses.generationStatus,
        })
        .from(courses)
        .where(inArray(courses.topicId, ids))
    : [];
  const byTopic = new Map<number, AdminTopicCourse[]>();
  for (const c of courseRows.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.title.localeCompare(b.title))) {
    const list = byTopic.get(c.topicId) ?? [];
    list.push({
      id: c.id,
      course_title: c.title,
      course_level: c.level,
      is_detail_created_by_ai: c.isDetailCreatedByAi,
      generation_status: c.generationStatus,
    });
    byTopic.set(c.topicId, list);
  }
  return {
    topics: rows.map((r) => {
      const list = byTopic.get(r.id) ?? [];
      return { ...toAdminTopic(r), totalCourses: list.length, courses: list };
    }),
    total: totalRow?.n ?? 0,
  };
}
