import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/env';
import { connectDb, openDb } from '../../src/db/connect';
import { MIGRATION_NAMES } from '../../src/db/migrate';
import { NewerDatabaseError } from '../../src/db/open-error';
import { appVersion } from '../../src/lib/app-version';
import { DATABASES, freshSchema } from '../support/app';
import { runToExit } from '../support/server-process';

// Going back (docs/decisions/157): a release started on a database that a newer release has
// migrated refuses before it changes anything, in one Indonesian line naming the newer level, its
// own version and level, and the way back; no stack trace, whether the server, a `ukt` command or
// the venue launcher's app (the server entry) meets it. Faked here with a migration row of a later name.

const LATER = '20991231-0001-dari-versi-baru';
const MESSAGE = `Database ini sudah diperbarui oleh UKT Penguji yang lebih baru (tingkat migrasi ${LATER}); yang terpasang di sini versi ${appVersion()} (tingkat migrasi ${MIGRATION_NAMES.at(-1)}). Tidak ada yang diubah. Jalankan lagi versi yang lebih baru itu, atau, untuk kembali ke versi ini, pulihkan cadangan dari sebelum pembaruan (ukt-cadangan-…-migrasi.tar.gz di folder cadangan, atau cadangan Anda sendiri) ke database baru yang kosong (docs/pasang-venue.md atau docs/pasang-server.md, bagian "Kembali ke versi sebelumnya").`;

describe.each(DATABASES)('a database migrated by a newer release (%s)', { timeout: 120_000 }, (kind) => {
  let dir: string;
  let url: string;
  let pgSchema: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  /** The migrations recorded in the database. */
  const recorded = async () => {
    const { db } = connectDb(url, { pgSchema });
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        db,
      );
      return rows.map((r) => r.name);
    } finally {
      await db.destroy();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-lebih-baru-'));
    if (kind === 'sqlite') url = `sqlite:${join(dir, 'ukt.db')}`;
    else {
      const base = process.env.TEST_DATABASE_URL as string;
      const fresh = await freshSchema(base);
      ({ drop } = fresh);
      pgSchema = fresh.schema;
      const u = new URL(base);
      u.searchParams.set('options', `-c search_path=${fresh.schema}`);
      url = u.toString();
    }
    // This release's tables, then the mark a newer release's migration leaves.
    const { db } = await openDb(url, { pgSchema });
    await sql`insert into kysely_migration (name, timestamp) values (${LATER}, ${new Date().toISOString()})`.execute(
      db,
    );
    await db.destroy();
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused at opening with the one line, before any backup or migration', async () => {
    const before = await recorded();
    let backups = 0;
    const opening = openDb(url, {
      pgSchema,
      beforeMigrate: async () => {
        backups += 1;
      },
    });
    await expect(opening).rejects.toThrow(NewerDatabaseError);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow(MESSAGE);
    expect(backups).toBe(0);
    expect(await recorded()).toEqual(before);
  });

  const env = () => ({
    DATABASE_URL: url,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    TSX_DISABLE_CACHE: '1',
    UKT_DEMO: '0',
    PORT: '0',
  });
  /** Exit 1 and the message as the one line on stderr, with no stack or error name. */
  const expectRefused = (run: { code: number | null; stderr: string }) => {
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([MESSAGE]);
    expect(run.stderr).not.toMatch(/\n\s+at |Error:/);
  };

  it('stops the server with the one line (the venue launcher’s app is this entry)', async () => {
    expectRefused(await runToExit({ env: env() }));
  });

  it('stops a ukt command with the one line', async () => {
    const run = await runToExit({
      env: env(),
      entry: 'src/cli/main.ts',
      args: ['export', 'results', '--event', '1', '--out', join(dir, 'rekap.xlsx')],
    });
    expectRefused(run);
  });
});
