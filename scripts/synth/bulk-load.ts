import type { ClientBase } from "pg";

/*
 * Index handling around a bulk load: building an index once over loaded rows (a sort) is far
 * cheaper than updating it for every inserted row. Inside the load's transaction, so a failed
 * load leaves every index (and every row) as it was.
 */

type IndexDefinition = { table: string; name: string; definition: string; constraint: boolean };

/**
 * Drops the indexes of `tables` that no foreign key depends on (primary keys and unique
 * constraints included) and returns what recreates them.
 */
export async function dropIndexes(client: ClientBase, tables: string[]): Promise<IndexDefinition[]> {
  const { rows } = await client.query<IndexDefinition>(
    `SELECT t.relname AS table, i.indexrelid::regclass::text AS name,
            coalesce(pg_get_constraintdef(c.oid), pg_get_indexdef(i.indexrelid)) AS definition,
            c.oid IS NOT NULL AS constraint
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid AND t.relnamespace = 'public'::regnamespace
       LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u')
      WHERE t.relname = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)
      ORDER BY t.relname, i.indexrelid`,
    [tables],
  );
  for (const index of rows) {
    await client.query(index.constraint ? `ALTER TABLE "${index.table}" DROP CONSTRAINT "${index.name}"` : `DROP INDEX "${index.name}"`);
  }
  return rows;
}

export async function recreateIndexes(client: ClientBase, indexes: IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    await client.query(index.constraint ? `ALTER TABLE "${index.table}" ADD CONSTRAINT "${index.name}" ${index.definition}` : index.definition);
  }
}
