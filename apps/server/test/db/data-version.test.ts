import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/connect';
import { readUnlessCommitted } from '../../src/db/data-version';
import { createWriter } from '../../src/db/writer';

// `readUnlessCommitted` on a SQLite file (docs/decisions/047): requests of one turn of the event
// loop share one `PRAGMA data_version`; a commit by another connection shows from the next turn,
// and one by this process's writer at once.
describe('reads kept until the next commit, on a SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-data-version-'));
  const url = `sqlite:${join(dir, 'ukt.db')}`;
  let server: Awaited<ReturnType<typeof openDb>>;
  let other: Awaited<ReturnType<typeof openDb>>;
  beforeAll(async () => {
    server = await openDb(url);
    other = await openDb(url);
    await server.db.insertInto('meta').values({ key: 'probe', value: 1 }).execute();
  });
  afterAll(async () => {
    await other.db.destroy();
    await server.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const read = () =>
    readUnlessCommitted(server.db, 'probe', async () =>
      Number(
        (await server.db.selectFrom('meta').select('value').where('key', '=', 'probe').executeTakeFirst())
          ?.value,
      ),
    );
  const setBy = (db: typeof server.db, value: number) =>
    db.updateTable('meta').set({ value }).where('key', '=', 'probe').execute();

  it('sees another connection’s commit from the next turn on', async () => {
    await nextTurn();
    expect(await read()).toBe(1);
    await setBy(other.db, 2);
    // Same turn: the value read a moment ago still stands (the commit raced this read).
    expect(await read()).toBe(1);
    await nextTurn();
    expect(await read()).toBe(2);
  });

  it('sees a commit of its own writer at once', async () => {
    await nextTurn();
    // The writer commits in a later phase of this same turn, before the turn's value is dropped.
    const write = createWriter(server.db, 'sqlite').run((trx) => setBy(trx, 3));
    expect(await read()).toBe(2);
    await write;
    expect(await read()).toBe(3);
  });
});
