import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../support/app';

describe.each(DATABASES)('write transactions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { UKT_DEMO: '0' });
  });
  afterAll(async () => t.close());

  it('commits writes that arrive together, rolling back a failing one alone', async () => {
    const transactions = new Set<unknown>();
    const jobs = Array.from({ length: 8 }, (_, i) =>
      t.app.writer.run(async (trx) => {
        transactions.add(trx);
        await trx
          .insertInto('meta')
          .values({ key: `w${i}`, value: i })
          .execute();
        if (i === 3) throw new Error('gagal');
        return i;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const keys = (
      await t.app.db.selectFrom('meta').select('key').where('key', 'like', 'w%').orderBy('key').execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['w0', 'w1', 'w2', 'w4', 'w5', 'w6', 'w7']);
    // SQLite shares one transaction (one fsync) among them; PostgreSQL gives each its own.
    expect(transactions.size).toBe(kind === 'sqlite' ? 1 : 8);
  });

  it('closes the database only after the writes under way are committed', async () => {
    // A second app on the same database, closed while its writes are still running (a stop, or an
    // upgrade, with requests in flight: docs/decisions/121).
    const other = await startApp(kind, { UKT_DEMO: '0' }, t);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    const writes = Array.from({ length: 4 }, (_, i) =>
      other.app.writer.run(async (trx) => {
        await pause();
        await trx
          .insertInto('meta')
          .values({ key: `close${i}`, value: i })
          .execute();
        await pause();
        await trx
          .updateTable('meta')
          .set({ value: 10 + i })
          .where('key', '=', `close${i}`)
          .execute();
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await other.app.close();
    expect((await Promise.allSettled(writes)).map((r) => r.status)).toEqual(writes.map(() => 'fulfilled'));
    const rows = await t.app.db
      .selectFrom('meta')
      .select(['key', 'value'])
      .where('key', 'like', 'close%')
      .orderBy('key')
      .execute();
    expect(rows.map((r) => [r.key, Number(r.value)])).toEqual([
      ['close0', 10],
      ['close1', 11],
      ['close2', 12],
      ['close3', 13],
    ]);
  });
});
