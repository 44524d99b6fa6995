import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../src/db/connect';
import {
  CLOCK_TOLERANCE_MS,
  clockRefusal,
  durationText,
  readDatabaseClock,
} from '../../src/db/database-clock';
import { DATABASES, freshSchema } from '../support/app';
import { freshDatabase } from '../support/pg-cluster';
import { runToExit, startServer } from '../support/server-process';

// A machine whose clock is off from the database's must not serve (docs/decisions/165): sessions,
// login codes and the shared backup lease are stamped by one machine and judged by another. The
// reading itself against a moved clock, on SQLite and PostgreSQL; and real server processes whose
// wall clock is moved (test/support/shifted-clock.ts), refused in one line with nothing written.

const MIN = 60_000;
const SECRET = 'clock-test-secret-0123456789abcdef';

describe('durationText and the refusal line', () => {
  it('says a difference as a person reads it', () => {
    expect(durationText(0)).toBe('0 detik');
    expect(durationText(-125_000)).toBe('2 menit 5 detik');
    expect(durationText(3 * 3_600_000 + 7 * MIN + 30_000)).toBe('3 jam 7 menit');
    expect(durationText(26 * 3_600_000)).toBe('1 hari 2 jam');
  });

  it('names both clocks, which one is ahead, and what to do', () => {
    const databaseMs = Date.UTC(2026, 11, 7, 0, 10, 0);
    expect(clockRefusal({ offsetMs: -10 * MIN, databaseMs, agrees: false })).toBe(
      'Jam mesin ini (2026-12-07 00:20:00 UTC) terlalu cepat 10 menit dibanding jam database (2026-12-07 00:10:00 UTC); sesi, kode login dan jadwal cadangan antarmesin bergantung pada jam yang sama (selisih paling banyak 2 menit): cocokkan jam mesin ini (Linux: sudo timedatectl set-ntp true) atau jam server database, lalu mulai lagi.',
    );
    expect(clockRefusal({ offsetMs: 3 * MIN, databaseMs, agrees: false })).toContain(
      'Jam mesin ini (2026-12-07 00:07:00 UTC) terlambat 3 menit dibanding',
    );
  });
});

describe.each(DATABASES)('this machine’s clock against the database’s (%s)', (kind) => {
  let dir: string;
  let db: ReturnType<typeof connectDb>['db'];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-clock-'));
    if (kind === 'sqlite') {
      const file = join(dir, 'ukt.db');
      const made = await import('../../src/db/sqlite-driver');
      new made.default(file).close();
      db = connectDb(`sqlite:${file}`).db;
    } else {
      const schema = await freshSchema(process.env.TEST_DATABASE_URL as string);
      drop = schema.drop;
      db = connectDb(process.env.TEST_DATABASE_URL as string, { pgSchema: schema.schema }).db;
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('agrees with the machine’s own clock', async () => {
    const reading = await readDatabaseClock(db, kind, () => Date.now());
    expect(reading.agrees).toBe(true);
    expect(Math.abs(reading.offsetMs)).toBeLessThan(5_000);
  });

  it('differs from a clock ten minutes ahead, and from one three minutes behind', async () => {
    const ahead = await readDatabaseClock(db, kind, () => Date.now() + 10 * MIN);
    expect(ahead.agrees).toBe(false);
    expect(Math.abs(ahead.offsetMs + 10 * MIN)).toBeLessThan(5_000);
    expect(clockRefusal(ahead)).toContain('terlalu cepat 10 menit');
    const behind = await readDatabaseClock(db, kind, () => Date.now() - 3 * MIN);
    expect(behind.agrees).toBe(false);
    expect(clockRefusal(behind)).toContain('terlambat 3 menit');
  });

  it('lets a clock a minute off pass: within the tolerance', async () => {
    expect(CLOCK_TOLERANCE_MS).toBe(2 * MIN);
    expect((await readDatabaseClock(db, kind, () => Date.now() + MIN)).agrees).toBe(true);
  });
});

describe('a server whose clock is off from the database’s', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-clock-start-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The server as `npm start` runs it, its wall clock moved by `shiftMs`. */
  const serverAt = (shiftMs: number, env: Record<string, string>) => ({
    command: [
      process.execPath,
      '--import',
      'tsx',
      '--import',
      './test/support/shifted-clock.ts',
      'src/server.ts',
    ] as [string, ...string[]],
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: join(dir, 'none'),
      UKT_TEST_CLOCK_SHIFT_MS: String(shiftMs),
      ...env,
    },
  });

  it.each(DATABASES)(
    'refuses in one line and writes nothing: no key, no fingerprint, no demo (%s)',
    async (kind) => {
      const dataDir = join(dir, `baru-${kind}`);
      const pg = kind === 'postgres' ? await freshDatabase('ukt_jam') : undefined;
      try {
        const url = pg?.url ?? `sqlite:${join(dataDir, 'ukt.db')}`;
        const { code, lines } = await runToExit(
          serverAt(-15 * MIN, { DATA_DIR: dataDir, DATABASE_URL: url }),
        );
        expect(code).toBe(1);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^Jam mesin ini \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) terlambat 1[45] menit( \d+ detik)? dibanding jam database \(.*\): .*lalu mulai lagi\.$/,
        );
        expect(existsSync(join(dataDir, 'secret.key')), 'no key made').toBe(false);
        const { db } = connectDb(url);
        try {
          const keys = await db.selectFrom('sidik_kunci').selectAll().execute();
          expect(keys, 'no fingerprint recorded').toEqual([]);
          const { rows } = await sql<{ n: number }>`select count(*) as n from organisasi`.execute(db);
          expect(Number(rows[0]?.n), 'no demo organisation').toBe(0);
        } finally {
          await db.destroy();
        }
      } finally {
        await pg?.drop();
      }
    },
  );

  it.runIf(DATABASES.includes('postgres'))(
    'a second machine joining with its clock ahead is refused; the first keeps serving',
    async () => {
      const pg = await freshDatabase('ukt_jam_dua');
      const first = startServer({
        env: {
          PORT: '0',
          HOST: '127.0.0.1',
          WEB_DIST: join(dir, 'none'),
          DATA_DIR: join(dir, 'satu'),
          DATABASE_URL: pg.url,
          UKT_SECRET: SECRET,
        },
      });
      try {
        const base = await first.listening();
        const joining = await runToExit(
          serverAt(5 * MIN, { DATA_DIR: join(dir, 'dua'), DATABASE_URL: pg.url, UKT_SECRET: SECRET }),
        );
        expect(joining.code).toBe(1);
        expect(joining.lines).toHaveLength(1);
        expect(joining.lines[0]).toMatch(/^Jam mesin ini \(.*\) terlalu cepat [45] menit/);
        const health = await fetch(`${base}/uktNEW/api/health`);
        expect(health.status).toBe(200);
        // The same start with the right clock joins.
        const right = startServer(
          serverAt(0, { DATA_DIR: join(dir, 'dua'), DATABASE_URL: pg.url, UKT_SECRET: SECRET }),
        );
        try {
          const other = await right.listening();
          expect((await fetch(`${other}/uktNEW/api/health`)).status).toBe(200);
        } finally {
          await right.stop();
        }
      } finally {
        await first.stop();
        await pg.drop();
      }
    },
  );
});
