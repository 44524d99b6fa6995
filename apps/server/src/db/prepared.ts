import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types';

/** Something Kysely can compile to SQL: a query builder. */
interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A query built and compiled once, on every request only given new values: Kysely otherwise
 * rebuilds and recompiles each query, a tenth of the cost of the hottest requests
 * (docs/decisions/015). `build` receives stand-ins for the values and must use each one once.
 */
export function prepare<P extends unknown[], R>(
  db: Kysely<Database>,
  build: (...values: P) => Compilable<R>,
  arity: P['length'],
): (...values: P) => Promise<R[]> {
  const marks = Array.from({ length: arity }, (_, i) => `\u0000prepared-${i}\u0000`);
  const compiled = build(...(marks as P)).compile();
  const slots = compiled.parameters.map((p) => marks.indexOf(p as string));
  if (slots.filter((s) => s >= 0).length !== arity)
    throw new Error('prepare: every value must be used exactly once');
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
