import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { connectDb } from '../../../src/db/connect';
import { checkSharedClock, checkSharedKey } from '../../../src/modules/preflight/shared-database-check';
import { checkSharedMedia } from '../../../src/modules/preflight/shared-media-check';
import { DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import { freshDatabase } from '../../support/pg-cluster';
import { runToExit } from '../../support/server-process';

// `ukt periksa` on a machine that joins others on one database (docs/decisions/165): its key
// against the fingerprint the database keeps, its clock against the database's, and on PostgreSQL
// the media store every machine reads. Each check agreeing and differing, on both databases; and the
// command itself on PostgreSQL, where it runs them.

const MIN = 60_000;
const SECRET = 'test-secret-0123456789abcdef0123456789';

describe.each(DATABASES)('the checks of a machine that joins (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'ukt-mesin-baru-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the key: the same UKT_SECRET or secret.key agrees', async () => {
    expect(await checkSharedKey(t.app.db, SECRET, dir)).toMatchObject({
      id: 'kunci-bersama',
      ok: true,
      pesan: 'UKT_SECRET cocok dengan sidik kunci di database.',
    });
    const copied = mkdtempSync(join(dir, 'salinan-'));
    writeFileSync(join(copied, 'secret.key'), SECRET);
    expect(await checkSharedKey(t.app.db, undefined, copied)).toMatchObject({
      ok: true,
      pesan: `${join(copied, 'secret.key')} cocok dengan sidik kunci di database.`,
    });
  });

  it('the key: another one, or none, differs and says what to copy', async () => {
    const other = await checkSharedKey(t.app.db, 'another-secret-0123456789abcdef0123', dir);
    expect(other.ok).toBe(false);
    expect(other.pesan).toBe(
      'UKT_SECRET mesin ini berbeda dengan kunci yang dicatat database: sesi, tautan login dan kode kartu dari mesin lain tidak akan cocok, dan server menolak mulai.',
    );
    expect(other.saran).toBe(
      `Salin secret.key dari mesin pertama ke DATA_DIR (${dir}) atau atur UKT_SECRET yang sama dengan mesin pertama (npm run ukt -- atur UKT_SECRET=…), lalu periksa lagi.`,
    );
    const none = await checkSharedKey(t.app.db, undefined, join(dir, 'kosong'));
    expect(none.ok).toBe(false);
    expect(none.pesan).toContain('Mesin ini belum punya kunci rahasia');
  });

  it('the clock: the machine’s own agrees; ten minutes ahead differs; thirty seconds is a warning', async () => {
    const same = await checkSharedClock(t.app.db, kind, () => Date.now());
    expect(same).toMatchObject({ id: 'jam-database', ok: true });
    expect(same.pesan).toMatch(/^Selisih \d+ detik\.$/);

    const ahead = await checkSharedClock(t.app.db, kind, () => Date.now() + 10 * MIN);
    expect(ahead.ok).toBe(false);
    expect(ahead.pesan).toMatch(
      /^Jam mesin ini \(.* UTC\) terlalu cepat 10 menit( \d detik)? dibanding jam database \(.* UTC\): server mesin ini akan menolak mulai \(selisih paling banyak 2 menit\)\.$/,
    );
    expect(ahead.saran).toContain('sudo timedatectl set-ntp true');

    const behind = await checkSharedClock(t.app.db, kind, () => Date.now() - 30_000);
    expect(behind.ok).toBe('warn');
    expect(behind.pesan).toMatch(/^Selisih (29|30|31) detik dengan jam database: masih diterima/);
  });
});

describe.runIf(DATABASES.includes('postgres'))('the media check of a machine that joins (postgres)', () => {
  it('the media store of a migrated database answers; a database without it is a ✗ saying what to start', async () => {
    const t = await startApp('postgres');
    try {
      expect(await checkSharedMedia(t.app.db)).toEqual({
        id: 'media-bersama',
        ok: true,
        judul: 'Rekaman dan foto dibaca semua mesin',
        pesan: 'Disimpan di database PostgreSQL, bukan di DATA_DIR mesin ini.',
      });
    } finally {
      await t.close();
    }
    const empty = await freshSchema(process.env.TEST_DATABASE_URL as string);
    const { db } = connectDb(process.env.TEST_DATABASE_URL as string, { pgSchema: empty.schema });
    try {
      const check = await checkSharedMedia(db);
      expect(check.ok).toBe(false);
      expect(check.pesan).toMatch(/^Penyimpanan rekaman di database tidak dapat dibaca: /);
      expect(check.saran).toBe(
        'Mulai dulu mesin pertama dengan versi aplikasi yang sama (ia menyiapkan tabelnya), lalu periksa lagi.',
      );
    } finally {
      await db.destroy();
      await empty.drop();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))(
  'ukt periksa on a machine joining PostgreSQL',
  { timeout: 120_000 },
  () => {
    let dir: string;
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'ukt-periksa-gabung-'));
      database = await freshDatabase('ukt_periksa_gabung');
      // The first machine has started once: the database keeps its key's fingerprint.
      await (await buildApp(testConfig(join(dir, 'pertama'), database.url, { UKT_SECRET: SECRET }))).close();
    });
    afterAll(async () => {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const periksa = (secret: string, shiftMs = 0) =>
      runToExit({
        command: [
          process.execPath,
          '--import',
          'tsx',
          '--import',
          './test/support/shifted-clock.ts',
          'src/cli/main.ts',
          'periksa',
          'localhost',
        ],
        env: {
          DATA_DIR: join(dir, 'kedua'),
          DATABASE_URL: database.url,
          UKT_SECRET: secret,
          UKT_TEST_CLOCK_SHIFT_MS: String(shiftMs),
        },
      });

    it('says the key and the clock agree with the first machine', async () => {
      const run = await periksa(SECRET);
      expect(run.lines).toContain(
        '✓ Kunci rahasia sama dengan mesin lain: UKT_SECRET cocok dengan sidik kunci di database.',
      );
      expect(
        run.lines.find((l) => l.startsWith('✓ Jam mesin ini sama dengan jam database: Selisih')),
      ).toBeDefined();
      expect(run.lines).toContain(
        '✓ Rekaman dan foto dibaca semua mesin: Disimpan di database PostgreSQL, bukan di DATA_DIR mesin ini.',
      );
    });

    it('says which differs, what to do, and exits 1', async () => {
      const run = await periksa('another-secret-0123456789abcdef0123', 5 * MIN);
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        '✗ Kunci rahasia sama dengan mesin lain: UKT_SECRET mesin ini berbeda dengan kunci yang dicatat database: sesi, tautan login dan kode kartu dari mesin lain tidak akan cocok, dan server menolak mulai.',
      );
      expect(
        run.lines.find((l) =>
          /^✗ Jam mesin ini sama dengan jam database: Jam mesin ini .* terlalu cepat [45] menit/.test(l),
        ),
      ).toBeDefined();
    });
  },
);
