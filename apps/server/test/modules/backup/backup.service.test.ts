import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { runCli, USAGE } from '../../../src/cli/run';
import { createDialect } from '../../../src/db/dialect';
import { MIGRATION_NAMES, migrateTo } from '../../../src/db/migrate';
import type { Database } from '../../../src/db/types';
import { writeArchive } from '../../../src/modules/backup/archive';
import { extractArchive } from '../../../src/modules/backup/archive-extract';
import { createBackup, isBackupName, listBackups } from '../../../src/modules/backup/backup.service';
import { scheduledBackup } from '../../../src/modules/backup/backup-schedule';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { restoreBackup } from '../../../src/modules/backup/restore.service';
import { DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import { SERVER_DIR } from '../../support/paths';
import { nodeArgs } from '../../support/server-process';

// What a committee meets around backups (DESIGN §14): damaged or sealed archives, a target that is
// not empty, the command line, scheduled copies and the copy taken before a migration.

const sourceOf = (t: TestApp) => serverBackupSource(t.app);

describe('backup archives', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startApp('sqlite', { UKT_SECRET: undefined as unknown as string });
    dir = mkdtempSync(join(tmpdir(), 'ukt-cadangan-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const target = (name: string) => ({
    databaseUrl: `sqlite:${join(dir, name, 'ukt.db')}`,
    dataDir: join(dir, name),
  });
  const siswaIn = async (databaseUrl: string) => {
    const db = new Kysely<Database>({ dialect: createDialect(databaseUrl) });
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from siswa`.execute(db);
      return Number(rows[0]?.n);
    } catch {
      return null;
    } finally {
      await db.destroy();
    }
  };

  it('a damaged archive is refused and nothing is written', async () => {
    const { file } = await createBackup(sourceOf(t), { reason: 'manual', out: join(dir, 'rusak.tar.gz') });
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] as number) ^ 0xff;
    writeFileSync(file, bytes);
    const to = target('rusak');
    await expect(restoreBackup(to, file)).rejects.toThrow(/rusak/);
    expect(existsSync(join(to.dataDir, 'secret.key'))).toBe(false);
    expect(await siswaIn(to.databaseUrl)).toBeNull();
  });

  it('a sealed archive needs its passphrase; a wrong one is refused', async () => {
    const { file, manifest } = await createBackup(sourceOf(t), {
      reason: 'manual',
      passphrase: 'rahasia-panitia',
    });
    expect(manifest.encrypted).toBe(true);
    expect(file).toMatch(/-manual\.tar\.gz\.aes$/);
    expect(readFileSync(file).subarray(0, 17).toString()).toBe('UKT-CADANGAN-AES1');
    await expect(restoreBackup(target('a'), file)).rejects.toThrow(/dilindungi kata sandi/);
    await expect(restoreBackup(target('b'), file, { passphrase: 'salah-sandinya' })).rejects.toThrow(
      /Kata sandi cadangan salah/,
    );
    await restoreBackup(target('c'), file, { passphrase: 'rahasia-panitia' });
    expect(await siswaIn(target('c').databaseUrl)).toBe(200);
    const listed = await listBackups(t.config.backup.dir);
    expect(listed.find((b) => b.name === file.split('/').at(-1))).toMatchObject({
      encrypted: true,
      reason: 'manual',
    });
  });

  it('a target that is not empty is refused, saying what is there, and replaced with force', async () => {
    const { file } = await createBackup(sourceOf(t), { reason: 'manual' });
    const other = await startApp('sqlite');
    try {
      const to = { databaseUrl: other.config.databaseUrl, dataDir: other.config.dataDir };
      writeFileSync(join(to.dataDir, 'catatan.txt'), 'milik server lain');
      await other.app.close();
      await expect(restoreBackup(to, file)).rejects.toThrow(
        /^Tujuan pemulihan tidak kosong: database \S+ukt\.db berisi \d+ baris \(.*siswa 200.*\); folder data \S+ berisi 1 berkas\. Tidak ada yang diubah\. Pulihkan ke tempat baru yang kosong: atur DATA_DIR=(\S+)-pulih DATABASE_URL=sqlite:\1-pulih\/ukt\.db, lalu jalankan restore lagi\.$/,
      );
      expect(readFileSync(join(to.dataDir, 'catatan.txt'), 'utf8')).toBe('milik server lain');
      await restoreBackup(to, file, { force: true });
      expect(existsSync(join(to.dataDir, 'catatan.txt'))).toBe(false);
      expect(readFileSync(join(to.dataDir, 'secret.key'), 'utf8')).toBe(
        readFileSync(join(t.config.dataDir, 'secret.key'), 'utf8'),
      );
      expect(await siswaIn(to.databaseUrl)).toBe(200);
    } finally {
      rmSync(other.config.dataDir, { recursive: true, force: true });
    }
  });

  it('a forced restore that fails half-way leaves the target as it was', async () => {
    const { file } = await createBackup(sourceOf(t), { reason: 'manual', out: join(dir, 'asli.tar.gz') });
    // Every checksum holds, but one count is wrong: found only while the rows go in.
    const work = join(dir, 'bongkar');
    mkdirSync(work);
    const { dir: unpacked, names } = await extractArchive(file, work);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.counts.siswa += 1;
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const bad = join(dir, 'salah-hitung.tar.gz');
    await writeArchive(
      bad,
      names.map((name) => ({ name, file: join(unpacked, name), size: statSync(join(unpacked, name)).size })),
    );
    const other = await startApp('sqlite');
    try {
      await other.app.db.updateTable('organisasi').set({ nama_organisasi: 'Perguruan Tujuan' }).execute();
      await other.app.close();
      const to = { databaseUrl: other.config.databaseUrl, dataDir: other.config.dataDir };
      await expect(restoreBackup(to, bad, { force: true })).rejects.toThrow(
        /siswa berisi 200 baris, manifest 201/,
      );
      const reopened = await buildApp(other.config);
      const org = await reopened.db.selectFrom('organisasi').select('nama_organisasi').execute();
      await reopened.close();
      expect(org).toEqual([{ nama_organisasi: 'Perguruan Tujuan' }]);
      // The data folder is written only after the database: none of the archive's files came.
      expect(existsSync(join(to.dataDir, 'secret.key'))).toBe(false);
    } finally {
      rmSync(other.config.dataDir, { recursive: true, force: true });
    }
  });

  it('ukt backup and ukt restore through the command line', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const archive = join(dir, 'dari-cli.tar.gz');
    expect(await runCli(['backup', '--out', archive], t.config, io)).toBe(0);
    expect(out.join('\n')).toMatch(
      /Cadangan ditulis ke .*dari-cli\.tar\.gz \(\d+(,\d)? [KM]B\)\.\nIsi: .*siswa 200/,
    );
    const to = target('cli');
    const config = testConfig(to.dataDir, to.databaseUrl);
    expect(await runCli(['restore', archive], config, io)).toBe(0);
    expect(out.at(-3)).toMatch(/^Dipulihkan dari .*dari-cli\.tar\.gz/);
    expect(await runCli(['restore', archive], config, io)).toBe(1);
    expect(err.at(-1)).toMatch(/tidak kosong.*Pulihkan ke tempat baru yang kosong: atur DATA_DIR=/);
    expect(err.at(-1)).not.toContain('--force');
    expect(await runCli(['restore', archive, '--force'], config, io)).toBe(0);
    expect(await siswaIn(to.databaseUrl)).toBe(200);
  });

  it('ukt backup and ukt restore through their real entry, sealed with --passphrase-env', async () => {
    const archive = join(dir, 'entri.tar.gz.aes');
    // Each run starts Node and compiles the command line (seconds on a busy machine): hence the 60 s limit.
    const ukt = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, [...nodeArgs('src/cli/main.ts'), ...args], {
        cwd: SERVER_DIR,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent', SANDI_CADANGAN: 'sandi-rahasia-panitia', ...env },
      });
    const from = { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir };
    const made = ukt(from, 'backup', '--out', archive, '--passphrase-env', 'SANDI_CADANGAN');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(
      /^Cadangan ditulis ke .*entri\.tar\.gz\.aes \(\d+(,\d)? [KM]B, dilindungi kata sandi\)\.\nIsi: .*siswa 200/,
    );

    const to = target('entri');
    const into = { DATABASE_URL: to.databaseUrl, DATA_DIR: to.dataDir, SANDI_SALAH: 'bukan-sandinya' };
    const wrong = ukt(into, 'restore', archive, '--passphrase-env', 'SANDI_SALAH');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Kata sandi cadangan salah');
    expect(existsSync(join(to.dataDir, 'secret.key'))).toBe(false);
    const restored = ukt(into, 'restore', archive, '--passphrase-env', 'SANDI_CADANGAN');
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      /^Dipulihkan dari .*entri\.tar\.gz\.aes \(dibuat .*, sqlite, versi .*, migrasi .*\)\.\nIsi: .*siswa 200/,
    );
    expect(await siswaIn(to.databaseUrl)).toBe(200);
    expect(USAGE).toContain('restore FILE [--force] [--selagi-server-jalan] [--passphrase-env NAME]');
  }, 60_000);

  it('lists every file of the backup folder with what is known of it, newest first', async () => {
    const folder = join(dir, 'daftar');
    mkdirSync(folder);
    const s = { ...sourceOf(t), backupDir: folder };
    const named = await createBackup(s, { reason: 'jadwal' });
    await createBackup(s, { reason: 'manual', out: join(folder, 'sebelum-acara.tar.gz') });
    await createBackup(s, {
      reason: 'manual',
      out: join(folder, 'tersegel.bin'),
      passphrase: 'sandi-rahasia',
    });
    writeFileSync(join(folder, 'bukan-arsip.tar.gz'), 'teks biasa');
    writeFileSync(join(folder, 'ditulis.tar.gz.sebagian'), 'belum selesai');
    writeFileSync(join(folder, '.tersembunyi'), 'x');
    const listed = await listBackups(folder);
    const byName = new Map(listed.map((b) => [b.name, b]));
    expect([...byName.keys()].sort()).toEqual(
      ['bukan-arsip.tar.gz', 'sebelum-acara.tar.gz', 'tersegel.bin', named.file.split('/').at(-1)].sort(),
    );
    expect(byName.get('sebelum-acara.tar.gz')).toMatchObject({ reason: 'manual', encrypted: false });
    expect(byName.get('tersegel.bin')).toMatchObject({ reason: 'lain', encrypted: true });
    expect(byName.get('bukan-arsip.tar.gz')).toMatchObject({ reason: 'lain', encrypted: false, bytes: 10 });
    expect(byName.get(named.file.split('/').at(-1) as string)).toMatchObject({ reason: 'jadwal' });
    const times = listed.map((b) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(isBackupName('../ukt.db')).toBe(false);
    expect(isBackupName('ditulis.tar.gz.sebagian')).toBe(false);
  });

  it('scheduled backups are taken when due, keep the newest BACKUP_KEEP and never prune manual ones', async () => {
    const backupDir = join(dir, 'jadwal');
    const s = await startApp('sqlite', { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    try {
      expect(s.config.backup.intervalMinutes).toBe(30);
      await createBackup(sourceOf(s), { reason: 'manual' });
      expect(await scheduledBackup(s.app)).toMatch(/-jadwal\.tar\.gz$/);
      s.advance(10 * 60_000);
      expect(await scheduledBackup(s.app)).toBeNull();
      for (let i = 0; i < 2; i++) {
        s.advance(30 * 60_000);
        expect(await scheduledBackup(s.app)).toMatch(/-jadwal\.tar\.gz$/);
      }
      const listed = await listBackups(backupDir);
      expect(listed.map((b) => b.reason)).toEqual(['jadwal', 'jadwal', 'manual']);
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('scheduled backups with several processes', () => {
  it('two processes on one PostgreSQL take one scheduled backup between them', async () => {
    const env = { BACKUP_INTERVAL_MINUTES: '30' };
    const first = await startApp('postgres', env);
    const second = await startApp('postgres', env, first);
    try {
      const taken = await Promise.all([scheduledBackup(first.app), scheduledBackup(second.app)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await scheduledBackup(second.app)).toBeNull();
      const listed = await listBackups(first.config.backup.dir);
      expect(listed.map((b) => b.reason)).toEqual(['jadwal']);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('before a migration', () => {
  it('a database with data at an older level is backed up first, and that copy restores', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-migrasi-'));
    try {
      const url = `sqlite:${join(dir, 'ukt.db')}`;
      const old = MIGRATION_NAMES.at(-2) as string;
      const db = new Kysely<Database>({ dialect: createDialect(url) });
      await migrateTo(db, old);
      await sql`insert into organisasi (id_organisasi, nama_organisasi, created_at, update_at) values (1, 'Perguruan Lama', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await db.destroy();

      const app = await buildApp(testConfig(dir, url, { UKT_DEMO: '0' }));
      await app.close();
      const backups = readdirSync(join(dir, 'cadangan')).filter((n) => n.endsWith('-migrasi.tar.gz'));
      expect(backups).toHaveLength(1);

      const to = { databaseUrl: `sqlite:${join(dir, 'pulih', 'ukt.db')}`, dataDir: join(dir, 'pulih') };
      const { manifest } = await restoreBackup(to, join(dir, 'cadangan', backups[0] as string));
      expect(manifest.migration).toBe(old);
      const check = new Kysely<Database>({ dialect: createDialect(to.databaseUrl) });
      const rows = await check.selectFrom('organisasi').select('nama_organisasi').execute();
      const { rows: ran } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(check);
      await check.destroy();
      expect(rows).toEqual([{ nama_organisasi: 'Perguruan Lama' }]);
      // Restored at the archive's level, then brought to this version's.
      expect(ran.map((r) => r.name)).toEqual(MIGRATION_NAMES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('before a migration, with several processes', () => {
  it('two processes starting together on an older PostgreSQL level take one backup between them', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const { schema, drop } = await freshSchema(url);
    const dir = mkdtempSync(join(tmpdir(), 'ukt-migrasi-pg-'));
    try {
      const db = new Kysely<Database>({ dialect: createDialect(url, { pgSchema: schema }) });
      await migrateTo(db, MIGRATION_NAMES.at(-2) as string, schema);
      await sql`insert into organisasi (id_organisasi, nama_organisasi, created_at, update_at) values (1, 'Perguruan Lama', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await db.destroy();
      const config = testConfig(dir, url, { UKT_DEMO: '0' });
      const apps = await Promise.all([
        buildApp(config, { pgSchema: schema }),
        buildApp(config, { pgSchema: schema }),
      ]);
      for (const app of apps) await app.close();
      const backups = readdirSync(join(dir, 'cadangan')).filter((n) => n.includes('-migrasi'));
      expect(backups).toHaveLength(1);
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
