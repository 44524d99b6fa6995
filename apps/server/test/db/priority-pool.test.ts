import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDialect } from '../../src/db/dialect';
import { prepare } from '../../src/db/prepared';
import { OUTBOX_LANES, type Turn, TurnTaking } from '../../src/db/priority-pool';
import type { Database } from '../../src/db/types';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { DATABASES, freshSchema } from '../support/app';

// PostgreSQL connections are handed out in turns (db/priority-pool.ts, docs/decisions/120): a
// statement somebody is looking at (a list) before the takes and scores the phones' outboxes
// send in the background; the outbox always keeps one connection when it has work and never holds
// more than OUTBOX_LANES.

/** Takes every connection, queues `queued` in order, gives the held ones back one by one. */
async function grantOrder(size: number, lanes: number, queued: string[]): Promise<string[]> {
  const turns = new TurnTaking(size, 5_000, lanes);
  for (let i = 0; i < size; i++) await turns.wait('screen');
  const order: string[] = [];
  const held: Turn[] = [];
  const waits = queued.map((name) => {
    const turn: Turn = name.startsWith('o') ? 'outbox' : 'screen';
    return turns.wait(turn).then(() => {
      order.push(name);
      held.push(turn);
    });
  });
  // Give back the first holders, then whoever got a turn, until everybody had one.
  let back = size;
  while (order.length < queued.length) {
    if (back > 0) {
      back--;
      turns.done('screen');
    } else {
      turns.done(held.shift() as Turn);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(waits);
  return order;
}

describe('turns for PostgreSQL connections', () => {
  it('gives a screen its turn before the outbox, but the outbox one connection of its own', async () => {
    // o1 first: the outbox holds nothing. Then the screens, though they came later.
    expect(await grantOrder(3, 2, ['o1', 'o2', 'o3', 's1', 's2'])).toEqual(['o1', 's1', 's2', 'o2', 'o3']);
  });

  it('never lets the outbox hold more than its lanes, with no screen waiting', async () => {
    const turns = new TurnTaking(4, 5_000, 2);
    let outbox = 0;
    const got = await Promise.race([
      Promise.all([turns.wait('outbox'), turns.wait('outbox')]).then(() => (outbox = 2)),
      new Promise((resolve) => setTimeout(resolve, 50)),
    ]);
    expect(got).toBe(2);
    let third = false;
    void turns.wait('outbox').then(() => {
      third = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(third).toBe(false);
    // Two connections are still free: a screen takes one at once.
    await turns.wait('screen');
    turns.done('outbox');
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(true);
    expect(outbox).toBe(2);
  });

  it('answers a wait that lasts too long as pg.Pool does, which the API answers 503', async () => {
    const turns = new TurnTaking(1, 30);
    await turns.wait('screen');
    const error = await turns.wait('screen').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toBe('timeout exceeded when trying to connect');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The one who gave up is no longer queued: the connection given back is free for the next.
    turns.done('screen');
    await expect(turns.wait('outbox')).resolves.toBeUndefined();
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('turns on a real PostgreSQL pool', () => {
  it('runs a screen statement before outbox statements queued earlier, at most OUTBOX_LANES of them at once', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const { schema, drop } = await freshSchema(url);
    const db = new Kysely<Database>({ dialect: createDialect(url, { pgSchema: schema }) });
    try {
      const outbox = prepare(
        db,
        (ms: number) => sql<{ at: number }>`select pg_sleep(${ms}::int / 1000.0), 1 as at`,
        1,
        'outbox',
      );
      const screen = prepare(
        db,
        (ms: number) => sql<{ at: number }>`select pg_sleep(${ms}::int / 1000.0), 2 as at`,
        1,
      );
      const finished: { name: string; at: number }[] = [];
      const run = (name: string, query: typeof outbox, ms: number) =>
        query(ms).then(() => finished.push({ name, at: performance.now() }));
      // Every connection of the process busy with a screen's statement, then more outbox
      // statements than there are connections, then one list.
      const holding = Array.from({ length: 10 }, (_, i) => run(`held ${i}`, screen, 300));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const queued = Array.from({ length: 12 }, (_, i) => run(`outbox ${i}`, outbox, 300));
      await new Promise((resolve) => setTimeout(resolve, 20));
      queued.push(run('list', screen, 10));
      await Promise.all([...holding, ...queued]);
      const done = finished.filter((f) => !f.name.startsWith('held'));
      // First come, first served, the list would have waited for ten outbox statements.
      expect(done[0]?.name).toBe('list');
      // The outbox never ran more than OUTBOX_LANES at once: no more finished together.
      const outboxDone = done.filter((f) => f.name.startsWith('outbox'));
      const firstWave = outboxDone.filter((f) => f.at < (outboxDone[0]?.at ?? 0) + 150);
      expect(firstWave.length).toBeLessThanOrEqual(OUTBOX_LANES);
      expect(outboxDone).toHaveLength(12);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
