import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/db/connect';
import { createWriter } from '../../src/db/writer';
import { pingDatabase } from '../../src/modules/health/health.repository';

// On SQLite a plain read never waits for a write transaction: it runs on a read-only connection of
// its own and sees the last commit. Each test reads while a transaction is still open and only
// then ends it, so a read that waited for the writer would never return (the test times out).
describe('SQLite reads beside an open write transaction', () => {
  let dir: string;
  let opened: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-reader-'));
    opened = await openDb(`sqlite:${join(dir, 'ukt.db')}`);
  });
  afterAll(async () => {
    await opened.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const metaValue = async (key: string) =>
    (await opened.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('answers a query and the health ping while a transaction is open, seeing only what was committed', async () => {
    const { db } = opened;
    await db.insertInto('meta').values({ key: 'sebelum', value: 1 }).execute();
    const trx = await db.startTransaction().execute();
    await trx.insertInto('meta').values({ key: 'belum', value: 2 }).execute();
    // Inside the transaction its own write is there.
    expect((await trx.selectFrom('meta').select('key').where('key', '=', 'belum').execute()).length).toBe(1);
    // Outside it, the last commit: the earlier row, not the open transaction's.
    expect(await metaValue('sebelum')).toBe(1);
    expect(await metaValue('belum')).toBeUndefined();
    await pingDatabase(db);
    await trx.commit().execute();
    expect(await metaValue('belum')).toBe(2);
  });

  it('a write outside a transaction still waits for the open one, then lands', async () => {
    const { db } = opened;
    const trx = await db.startTransaction().execute();
    await trx.insertInto('meta').values({ key: 'pertama', value: 1 }).execute();
    const order: string[] = [];
    const later = db
      .insertInto('meta')
      .values({ key: 'kedua', value: 2 })
      .execute()
      .then(() => order.push('kedua'));
    await metaValue('pertama');
    order.push('baca');
    await trx.commit().execute();
    order.push('commit');
    await later;
    expect(order).toEqual(['baca', 'commit', 'kedua']);
    expect(await metaValue('kedua')).toBe(2);
  });

  it("the writer's jobs read their own writes, and a reader after the answer sees them", async () => {
    const writer = createWriter(opened.db, 'sqlite');
    const seen = await writer.run(async (trx) => {
      await trx.insertInto('meta').values({ key: 'tugas', value: 7 }).execute();
      return (await trx.selectFrom('meta').select('value').where('key', '=', 'tugas').executeTakeFirst())
        ?.value;
    });
    expect(seen).toBe(7);
    expect(await metaValue('tugas')).toBe(7);
  });
});
