import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Turn } from './priority-pool';
import type { Database } from './types';

/** Something Kysely can compile to SQL: a query builder, or a raw `sql` text compiled with its database. */
type Compilable<R> = { compile(): CompiledQuery<R> } | RawBuilder<R>;

/**
 * The SQL texts of the prepared queries and their statement names. On PostgreSQL these are sent
 * as named prepared statements (db/dialect.ts): each connection parses and plans one once and
 * then only binds values, where an unnamed statement is parsed and planned on every call — for
 * the participant list that planning cost three times its execution (docs/decisions/119). The
 * texts are fixed at build time, so the set is bounded.
 */
const statements = new Map<string, { name: string; turn: Turn }>();

/**
 * The statement name of a prepared query's SQL text and whose turn it waits in for a connection
 * (db/priority-pool.ts); undefined for any other text.
 */
export function statementOf(text: string): { name: string; turn: Turn } | undefined {
  return statements.get(text);
}

function nameStatement(text: string, turn: Turn): void {
  if (!statements.has(text)) statements.set(text, { name: `ukt_${statements.size + 1}`, turn });
}

/**
 * A query built and compiled once, on every request only given new values: Kysely otherwise
 * rebuilds and recompiles each query, a tenth of the cost of the hottest requests
 * (docs/decisions/015). `build` receives stand-ins for the values and must use each one once.
 * `turn` is 'outbox' for the writes the phones send in the background (db/priority-pool.ts).
 */
export function prepare<P extends unknown[], R>(
  db: Kysely<Database>,
  build: (...values: P) => Compilable<R>,
  arity: P['length'],
  turn: Turn = 'screen',
): (...values: P) => Promise<R[]> {
  const marks = Array.from({ length: arity }, (_, i) => `\u0000prepared-${i}\u0000`);
  const built = build(...(marks as P));
  const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  const slots = compiled.parameters.map((p) => marks.indexOf(p as string));
  if (slots.filter((s) => s >= 0).length !== arity)
    throw new Error('prepare: every value must be used exactly once');
  nameStatement(compiled.sql, turn);
  return async (...values: P) => {
    const parameters = compiled.parameters.map((p, i) => {
      const slot = slots[i] as number;
      return slot >= 0 ? values[slot] : p;
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

const perDatabase = new WeakMap<Kysely<Database>, Map<string, unknown>>();

/** The prepared query `name` of a database, made by `make` on first use. */
export function preparedOf<F>(db: Kysely<Database>, name: string, make: () => F): F {
  let queries = perDatabase.get(db);
  if (!queries) {
    queries = new Map();
    perDatabase.set(db, queries);
  }
  let query = queries.get(name) as F | undefined;
  if (!query) {
    query = make();
    queries.set(name, query);
  }
  return query;
}

/**
 * A PostgreSQL function called as a prepared statement, `select * from fn($1::type, …)`: one
 * value per argument, cast to its type (null: no cast), in order.
 */
export function prepareCall<R>(
  db: Kysely<Database>,
  fn: string,
  types: (string | null)[],
  turn: Turn = 'screen',
): (...values: unknown[]) => Promise<R[]> {
  return prepare(
    db,
    (...values: unknown[]) =>
      sql<R>`select * from ${sql.raw(fn)}(${sql.join(
        values.map((v, i) => (types[i] ? sql`${v}::${sql.raw(types[i] as string)}` : sql`${v}`)),
      )})`,
    types.length,
    turn,
  );
}
