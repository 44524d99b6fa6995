import { API } from '@ukt/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/connect';
import { PG_POOL_SIZE } from '../../src/db/dialect';
import { MIGRATION_LOCK_KEY } from '../../src/db/migrate';
import { startSignedIn, type TestApp } from '../support/app';
import { multipartSheet } from '../support/multipart';
import { freshDatabase, type PgCluster, startPgCluster } from '../support/pg-cluster';

// Planner hygiene on PostgreSQL (docs/decisions/118): a bulk import leaves fresh statistics behind
// it, and JIT compilation is off for the database, not per transaction. On TEST_DATABASE_URL (CI) in
// a schema of its own; without it, on a throwaway PostgreSQL of its own (support/pg-cluster.ts).

const HEADER = 'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi';
const ROWS = 1_200;

describe('the planner on PostgreSQL', () => {
  const kind = 'postgres';
  let t: TestApp;
  let admin: string;
  let own: PgCluster | undefined;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) {
      own = await startPgCluster();
      process.env.TEST_DATABASE_URL = own.url;
    }
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => {
    await t.close();
    own?.destroy();
  });

  /** When siswa of the test's schema was last analysed, by hand or by the import (null: never). */
  const lastAnalyze = async () => {
    const { rows } = await sql<{ at: Date | null }>`select coalesce(last_analyze, last_autoanalyze) as at
      from pg_stat_user_tables where relname = 'siswa' and schemaname = current_schema()`.execute(t.app.db);
    return rows[0]?.at ?? null;
  };

  /** When a table was last analysed by a statement (autovacuum's own runs left out; null: never). */
  const lastManualAnalyze = async (table: string) => {
    const { rows } = await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables
      where relname = ${table} and schemaname = current_schema()`.execute(t.app.db);
    return rows[0]?.at?.getTime() ?? null;
  };

  it('analyses the tables after an import of thousands of rows, so the first exam-day plans are right', async () => {
    const before = await lastAnalyze();
    // The tables the exam day fills are left to autovacuum: analysed while still empty, the plans
    // cached for the day would scan them whole (docs/decisions/119).
    const untouched = ['audit_log', 'nilai', 'idempotency'];
    const beforeUntouched = await Promise.all(untouched.map(lastManualAnalyze));
    const lines = Array.from(
      { length: ROWS },
      (_, i) => `${5000 + i},Peserta Impor ${i},Perwapus Uji,Cabang Uji,Ranting Uji,Rayon Uji,Jawa Timur`,
    );
    const { payload, headers } = multipartSheet('peserta.csv', [HEADER, ...lines].join('\n'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.impor.href('peserta', '?id_ukt=1')}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await lastAnalyze();
    expect(after).not.toBeNull();
    if (before) expect((after as Date).getTime()).toBeGreaterThan(before.getTime());
    const { rows } = await sql<{ n: number }>`select reltuples::int as n from pg_class
      where relname = 'siswa' and relnamespace = current_schema()::regnamespace`.execute(t.app.db);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(ROWS);
    expect(await Promise.all(untouched.map(lastManualAnalyze))).toEqual(beforeUntouched);
  });

  it('has JIT off for every new connection of the database once migrated, with no statement of ours setting it', async () => {
    const jitOfNewConnection = async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        return (await client.query<{ jit: string }>('show jit')).rows[0]?.jit;
      } finally {
        await client.end();
      }
    };
    // Back to the server's default, then a database migrated afresh (a new schema) turns it off.
    // Under the migration mutex: a file beside this one may be migrating, and two changes of the
    // database's settings at once fail with "tuple concurrently updated".
    await t.app.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}, 0)`.execute(trx);
      await sql`do $$ begin execute format('alter database %I reset jit', current_database()); end $$`.execute(
        trx,
      );
    });
    const fresh = await startSignedIn(kind);
    try {
      expect(await jitOfNewConnection()).toBe('off');
    } finally {
      await fresh.t.close();
    }
  });

  it("serves with JIT off from a database's first start, on the connections that migrated it too", async () => {
    // A connection keeps the database's settings of the moment it opened: the ones that ran the
    // migration turning JIT off would go on compiling the recap's statement (4× slower).
    const database = await freshDatabase('ukt_jit');
    try {
      const { db } = await openDb(database.url);
      try {
        // More statements at once than the pool has connections: every connection answers one.
        const answers = await Promise.all(
          Array.from({ length: PG_POOL_SIZE + 2 }, () =>
            sql<{ jit: string; pid: number }>`select current_setting('jit') as jit, pg_backend_pid() as pid
              from pg_sleep(0.2)`.execute(db),
          ),
        );
        const rows = answers.map((a) => a.rows[0]);
        expect(new Set(rows.map((r) => r?.pid)).size).toBe(PG_POOL_SIZE);
        expect(rows.filter((r) => r?.jit !== 'off')).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});
