import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client";

/*
 * Retrieval (docs/sources.md, "Retrieval"): the passages that best answer a question, by
 * PostgreSQL full-text search over the stored `search` vector (english configuration, GIN index),
 * ranked by cover density (ts_rank_cd), among the ready sources of one topic or a chosen set of
 * sources. A passage matches when it has ANY word of the question: a lesson title rarely has all
 * its words in one passage (requiring all found nothing for one title in seven), and the ranking
 * puts the passages with more of the words, closer together, first. Only the question's letters
 * and digits are read, joined by websearch_to_tsquery's `or`, so any text is a valid query.
 */

/** How many words of a question are searched for (a lesson's title and its section's are far fewer). */
const MAX_WORDS = 32;

/** The question as an any-word web search: its words joined by `or` (the word "or" itself is a stop word). */
export function anyWordQuery(question: string): string {
  const words = new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w !== "or"));
  return [...words].slice(0, MAX_WORDS).join(" or ");
}

export type RetrievalScope = { topicId: number } | { sourceIds: readonly number[] };

export type RetrievedPassage = {
  id: number;
  sourceId: number;
  fileName: string;
  position: number;
  page: number | null;
  heading: string | null;
  text: string;
  rank: number;
};

export const DEFAULT_PASSAGES = 8;

function scopeOf(scope: RetrievalScope): SQL {
  if ("topicId" in scope) return sql`s.topic_id = ${scope.topicId}`;
  return sql`s.id IN (${sql.join(
    scope.sourceIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export async function retrievePassages(scope: RetrievalScope, question: string, limit = DEFAULT_PASSAGES): Promise<RetrievedPassage[]> {
  if ("sourceIds" in scope && scope.sourceIds.length === 0) return [];
  const result = await getDb().execute<{ id: number; source_id: number; file_name: string; position: number; page: number | null; heading: string | null; text: string; rank: number }>(sql`
    SELECT p.id, p.source_id, s.file_name, p.position, p.page, p.heading, p.text, ts_rank_cd(p.search, q.query)::float8 AS rank
      FROM websearch_to_tsquery('english'::regconfig, ${anyWordQuery(question)}) AS q(query)
      JOIN source_passages p ON p.search @@ q.query
      JOIN sources s ON s.id = p.source_id
     WHERE ${scopeOf(scope)} AND s.status = 'ready'
     ORDER BY rank DESC, p.source_id, p.position
     LIMIT ${limit}`);
  return result.rows.map((r) => ({ id: r.id, sourceId: r.source_id, fileName: r.file_name, position: r.position, page: r.page, heading: r.heading, text: r.text, rank: Number(r.rank) }));
}
