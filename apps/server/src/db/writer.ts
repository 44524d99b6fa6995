import { type Kysely, sql, type Transaction } from 'kysely';
import { forgetDataVersion } from './data-version';
import type { DialectName } from './dialect';
import type { Database } from './types';
import { isDatabaseUnavailable } from './unavailable';

/** Runs a write transaction and resolves once it is committed (durable). */
export interface Writer {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` after each commit, before the committed writes' callers are answered (a
   * cache of this process's answers learns of its own writes here, docs/decisions/117).
   */
  afterCommit(listener: () => void): void;
  /**
   * Resolves once every write run so far is committed or failed: a stopping server waits for it
   * before it closes the database (its requests may outlive their phones' connections).
   */
  settled(): Promise<void>;
}

interface Job {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs work in a transaction and commits it. When the commit itself fails (a full disk), that
 * error is the one thrown: SQLite has already ended the transaction, and the failed ROLLBACK that
 * Kysely's own helper would try next must not hide it (docs/decisions/100).
 */
async function inTransaction(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<void>) {
  const trx = await db.startTransaction().execute();
  try {
    await work(trx);
    await trx.commit().execute();
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

/**
 * On SQLite every commit waits for an fsync (synchronous=FULL), and nothing else runs meanwhile.
 * Writes that arrive together therefore share one transaction and one commit (group commit):
 * each runs inside its own savepoint, so a failing one is rolled back alone (unless the database
 * itself failed: then the whole batch fails with that error), and every caller is answered only
 * after the shared commit. PostgreSQL groups commits itself: plain transactions.
 * A job must do all its work through the transaction it is given, never through Writer again.
 */
export function createWriter(db: Kysely<Database>, dialect: DialectName): Writer {
  const listeners: (() => void)[] = [];
  const committed = () => {
    for (const listener of listeners) listener();
  };
  const afterCommit = (listener: () => void) => void listeners.push(listener);
  if (dialect === 'postgres') {
    // PostgreSQL's pool waits for its statements itself before it ends (db/dialect.ts).
    return {
      async run(work) {
        const value = await db.transaction().execute(work);
        committed();
        return value;
      },
      afterCommit,
      settled: async () => undefined,
    };
  }

  let queue: Job[] = [];
  let scheduled = false;
  /** The batches being committed (a batch may start while the one before still commits). */
  const flushing = new Set<Promise<void>>();

  const flush = async () => {
    const batch = queue;
    queue = [];
    scheduled = false;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    let fatal: unknown;
    try {
      await inTransaction(db, async (trx) => {
        for (const job of batch) {
          await sql`savepoint job`.execute(trx);
          try {
            const value = await job.work(trx);
            await sql`release job`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // The database being away fails the whole batch at once, with its own cause: a further
            // job would only wait busy_timeout for the same lock again, and after a disk error
            // SQLite may have ended the transaction itself, leaving no savepoint to return to.
            if (isDatabaseUnavailable(error)) {
              fatal = error;
              throw error;
            }
            await sql`rollback to job`.execute(trx);
            await sql`release job`.execute(trx);
            outcomes.push({ ok: false, value: error });
          }
        }
      });
    } catch (error) {
      forgetDataVersion(db);
      for (const job of batch) job.reject(fatal ?? error);
      return;
    }
    // Readers that come after these answers must see this commit (db/data-version.ts).
    forgetDataVersion(db);
    committed();
    batch.forEach((job, i) => {
      const outcome = outcomes[i] as { ok: boolean; value: unknown };
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.value);
    });
  };

  return {
    afterCommit,
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            const batch = flush().finally(() => flushing.delete(batch));
            flushing.add(batch);
          });
        }
      });
    },
    async settled() {
      while (flushing.size > 0 || scheduled) {
        await Promise.all([...flushing, new Promise((resolve) => setImmediate(resolve))]);
      }
    },
  };
}
