import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { applyRoutines, ROUTINES, routineHash, routineText } from '../../src/db/routines';
import { DATABASES, startApp, type TestApp } from '../support/app';

// The PostgreSQL routines are applied by the migrator whenever their text changes, and each
// function carries the hash of the text it was made from (docs/decisions/143).

const comments = async (t: TestApp) =>
  Object.fromEntries(
    (
      await sql<{ name: string; hash: string | null }>`select p.proname::text as name,
          obj_description(p.oid, 'pg_proc') as hash
        from pg_proc p where p.pronamespace = current_schema()::regnamespace
          and p.proname in ('ukt_ambil', 'ukt_simpan_nilai')`.execute(t.app.db)
    ).rows.map((r) => [r.name, r.hash]),
  );

describe.each(DATABASES.filter((d) => d === 'postgres'))('the routines on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => t.close());

  it('are made from their files: each function carries its text’s hash', async () => {
    expect(await comments(t)).toEqual(
      Object.fromEntries(ROUTINES.map((r) => [r.name, routineHash(routineText(r))])),
    );
  });

  it('are replaced only when their text differs from the one they were made from', async () => {
    expect(await applyRoutines(t.app.db)).toEqual([]);
    await sql`comment on function ukt_ambil is 'sha256:lama'`.execute(t.app.db);
    await migrateToLatest(t.app.db, t.pgSchema);
    expect((await comments(t)).ukt_ambil).toBe(routineHash(routineText(ROUTINES[0] as (typeof ROUTINES)[0])));
    expect(await applyRoutines(t.app.db)).toEqual([]);
  });

  it('list every score column of the table in ukt_simpan_nilai’s UPDATE', async () => {
    const text = routineText(ROUTINES.find((r) => r.name === 'ukt_simpan_nilai') as (typeof ROUTINES)[0]);
    const update = text.slice(text.indexOf('update nilai n set'), text.indexOf('from json_populate_record'));
    const listed = [...update.matchAll(/^\s+(nilai_\w+) = case/gm)].map((m) => m[1]).sort();
    const { rows } = await sql<{
      name: string;
    }>`select column_name::text as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'nilai' and column_name like 'nilai\\_%'`.execute(
      t.app.db,
    );
    expect(listed).toEqual(rows.map((r) => r.name).sort());
  });
});

describe('the routines on sqlite', () => {
  it('are nothing to apply', async () => {
    const t = await startApp('sqlite');
    try {
      expect(await applyRoutines(t.app.db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
