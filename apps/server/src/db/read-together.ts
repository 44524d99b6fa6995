import { type Kysely, type OperationNodeSource, PostgresAdapter, sql } from 'kysely';
import type { Database } from './types';

/** A read query that has not run yet: a Kysely select builder. */
export interface ReadQuery<O> extends OperationNodeSource {
  execute(): Promise<O[]>;
}

/** The rows of each query, by name. */
export type RowsOf<Q extends Record<string, ReadQuery<unknown>>> = {
  [K in keyof Q]: Q[K] extends ReadQuery<infer O> ? O[] : never;
};

/**
 * Runs several independent reads. On PostgreSQL they go as ONE statement — each query's rows
 * folded into a JSON array, `select (select json_agg(t) from (q1) t) as q1, …` — so a page that
 * needs seven reads costs one round trip (docs/decisions/117). On SQLite, where a statement is
 * microseconds and there are no round trips, each runs as it is.
 *
 * Rows come back as JSON: numbers are numbers (a count is not the driver's bigint text), dates are
 * ISO text, so callers read them with Number()/String() as they do the driver's rows. A query's
 * ORDER BY is kept: json_agg takes a sub-select's rows in the order it yields them.
 */
export async function readTogether<Q extends Record<string, ReadQuery<unknown>>>(
  db: Kysely<Database>,
  queries: Q,
): Promise<RowsOf<Q>> {
  const names = Object.keys(queries);
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const rows = await Promise.all(names.map((name) => (queries[name] as ReadQuery<unknown>).execute()));
    return Object.fromEntries(names.map((name, i) => [name, rows[i]])) as RowsOf<Q>;
  }
  const row = await db
    .selectNoFrom(() =>
      names.map((name) =>
        sql<
          unknown[]
        >`(select coalesce(json_agg(t), '[]'::json) from (${queries[name] as ReadQuery<unknown>}) t)`.as(
          name,
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return row as RowsOf<Q>;
}
