import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";

/*
 * Retrieval (docs/sources.md, "Retrieval"): the passages that best answer a question, by
 * PostgreSQL full-text search over the stored `search` vector (english configuration, GIN index),
 * ranked by cover density (ts_rank_cd), among the ready sources of one topic or a chosen set of
 * sources. A passage matches when it holds ANY telling word of the question: a lesson title rarely
 * has all its words in one passage (requiring all found nothing for one title in seven). A word is
 * telling unless the planner's statistics (pg_stats.most_common_elems, kept by ANALYZE) show it in
 * more than COMMON of all passages and more than RARER_BY times as often as the question's rarest
 * word: "Introduction to packet routing" searches "packet | rout", not every passage that says
 * "introduction". That is inverse document frequency at the cost of one catalog read, and it keeps
 * the ranking to a few hundred candidates instead of thousands. Any text is a valid question: only
 * its lexemes (to_tsvector) are read.
 */

const COMMON = 0.05;
const RARER_BY = 3;

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

export async function retrievePassages(db: DatabaseOrTransaction, scope: RetrievalScope, question: string, limit = DEFAULT_PASSAGES): Promise<RetrievedPassage[]> {
  if ("sourceIds" in scope && scope.sourceIds.length === 0) return [];
  const result = await db.execute<{ id: number; source_id: number; file_name: string; position: number; page: number | null; heading: string | null; text: string; rank: number }>(sql`
    WITH words AS (
      SELECT w.lexeme, coalesce(st.freq, 0) AS freq
        FROM unnest(to_tsvector('english'::regconfig, ${question})) AS w
        LEFT JOIN (
          SELECT u.lexeme, u.freq
            FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(lexeme, freq)
           WHERE s.schemaname = current_schema() AND s.tablename = 'source_passages' AND s.attname = 'search'
        ) st ON st.lexeme = w.lexeme
    ), query AS (
      SELECT string_agg(plainto_tsquery('simple'::regconfig, lexeme)::text, ' | ')::tsquery AS query
        FROM words WHERE freq <= ${COMMON} OR freq <= ${RARER_BY} * (SELECT min(freq) FROM words)
    ), best AS (
      SELECT p.id, ts_rank_cd(p.search, q.query)::float8 AS rank
        FROM query q
        JOIN source_passages p ON p.search @@ q.query
        JOIN sources s ON s.id = p.source_id
       WHERE ${scopeOf(scope)} AND s.status = 'ready'
       ORDER BY rank DESC, p.source_id, p.position
       LIMIT ${limit}
    )
    SELECT p.id, p.source_id, s.file_name, p.position, p.page, p.heading, p.text, best.rank
      FROM best JOIN source_passages p ON p.id = best.id JOIN sources s ON s.id = p.source_id
     ORDER BY best.rank DESC, p.source_id, p.position`);
  return result.rows.map((r) => ({ id: r.id, sourceId: r.source_id, fileName: r.file_name, position: r.position, page: r.page, heading: r.heading, text: r.text, rank: Number(r.rank) }));
}
