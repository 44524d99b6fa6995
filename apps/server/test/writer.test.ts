import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from './support/app';

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
});
