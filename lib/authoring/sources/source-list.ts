import "server-only";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { sources } from "../../../db/schema";
import type { SourceView } from "./responses";

/*
 * Listing sources as the API answers them (docs/sources.md), apart from sources.ts so a page can
 * list them without importing the extraction job (and with it the extractor's esbuild).
 */

const columns = {
  id: sources.id,
  topic_id: sources.topicId,
  owner_id: sources.ownerId,
  file_name: sources.fileName,
  media_type: sources.mediaType,
  byte_size: sources.byteSize,
  sha256: sources.sha256,
  status: sources.status,
  pages_done: sources.pagesDone,
  pages_total: sources.pagesTotal,
  failure: sources.failure,
  // Qualified by hand: drizzle names a single table's columns unqualified, and "id" inside the subquery would be the passage's.
  passage_count: sql<number>`(SELECT count(*)::int FROM source_passages p WHERE p.source_id = "sources"."id")`,
  created_at: sources.createdAt,
  updated_at: sources.updatedAt,
};

type Row = { created_at: Date; updated_at: Date } & Omit<SourceView, "created_at" | "updated_at">;

const toView = (row: Row): SourceView => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

export async function listWhere(db: DatabaseOrTransaction, where: SQL): Promise<SourceView[]> {
  const rows = await db.select(columns).from(sources).where(where).orderBy(desc(sources.createdAt), desc(sources.id));
  return rows.map(toView);
}

export function listTopicSources(db: DatabaseOrTransaction, topicId: number): Promise<SourceView[]> {
  return listWhere(db, eq(sources.topicId, topicId));
}
