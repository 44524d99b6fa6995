import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, apiResult, CadanganList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run';
import { scheduledBackup } from '../../../src/modules/backup/backup-schedule';
import {
  ADMIN,
  api,
  body,
  DATABASES,
  freshSchema,
  startApp,
  startSignedIn,
  type TestApp,
} from '../../support/app';
import { freePort, nodeArgs, runToExit, type ServerProcess, startServer } from '../../support/server-process';
import {
  filesLeftAfter,
  filesOn,
  fillDisk,
  freeDisk,
  onSmallDisk,
  runOnSmallDisk,
} from '../../support/small-disk';

// A backup that meets a full backup disk (DESIGN §14, docs/decisions/122): BACKUP_DIR alone is a
// small disk of the server's own (support/small-disk.ts), the database and DATA_DIR on the ordinary
// disk. The test fills that disk from outside while examiners go on saving scores: every backup fails
// with one message naming BACKUP_DIR, leaves nothing behind, and the server saves and answers throughout.

const ListAnswer = apiResult(CadanganList);
/** The backup disk: once the filler is gone, room for a backup and the next one's staging copy beside it. */
const TMPFS_MB = 12;
/** A recording that does not compress, so a backup needs about this much twice (staging + archive). */
const RECORDING_BYTES = 3 * 1024 * 1024;

/** A PostgreSQL URL whose connections use a fresh schema of their own, and how to drop it. */
async function databaseUrlFor(kind: 'sqlite' | 'postgres', dataDir: string) {
  if (kind === 'sqlite') return { url: `sqlite:${join(dataDir, 'ukt.db')}`, drop: async () => undefined };
  const { schema, drop } = await freshSchema(process.env.TEST_DATABASE_URL as string);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop };
}

interface Answer {
  status: number;
  json: { success?: boolean; message?: string; token?: string; data?: unknown };
}

describe.each(DATABASES)('backups on a full backup disk, %s', { timeout: 180_000 }, (kind) => {
  let outside: string;
  let mount: string;
  let base: string;
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let token: string;

  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Answer['json'] };
  };
  /** What the backup disk holds besides the filler (partial archives, staging folders, backups). */
  const leftOnDisk = () => filesOn(server.child.pid, mount);
  const list = async () => {
    const res = await call('GET', API.panitia.cadangan.href());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return ListAnswer.parse(res.json).data;
  };
  /** One look of the schedule in the server (backup-server.ts), answered once it is done. */
  const scheduledLook = async () => {
    const before = server.output.split('jadwal cadangan selesai').length;
    server.child.kill('SIGUSR2');
    await expect
      .poll(() => server.output.split('jadwal cadangan selesai').length, { timeout: 60_000 })
      .toBeGreaterThan(before);
  };

  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), 'ukt-cadangan-disk-'));
    mount = mkdtempSync(join(tmpdir(), 'ukt-cadangan-mnt-'));
    mkdirSync(join(outside, 'audio'));
    writeFileSync(join(outside, 'audio', 'rekaman.webm'), randomBytes(RECORDING_BYTES));
    const database = await databaseUrlFor(kind, outside);
    drop = database.drop;
    databaseUrl = database.url;
    const port = await freePort();
    base = `http://127.0.0.1:${port}/uktNEW/api`;
    server = startServer({
      command: onSmallDisk({ at: mount, sizeMb: TMPFS_MB }, [
        process.execPath,
        '--import',
        'tsx',
        'test/support/backup-server.ts',
      ]),
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: outside,
        DATABASE_URL: databaseUrl,
        BACKUP_DIR: mount,
        BACKUP_INTERVAL_MINUTES: '15',
        WEB_DIST: join(outside, 'none'),
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(outside, 'otp.jsonl'),
        RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'info',
      },
    });
    await server.listening();
    expect((await call('POST', API.otpLogin.href(1), { no_wa: ADMIN })).status).toBe(200);
    const code = JSON.parse(
      readFileSync(join(outside, 'otp.jsonl'), 'utf8').trim().split('\n').at(-1) as string,
    ).code;
    const login = await call('POST', API.otpVerify.href(1), { no_wa: ADMIN, kode: code });
    token = login.json.token as string;
    expect(token, JSON.stringify(login.json)).toBeTruthy();
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await drop?.();
    rmSync(outside, { recursive: true, force: true });
    rmSync(mount, { recursive: true, force: true });
  });

  it('fails each backup with a 507 naming BACKUP_DIR, leaves nothing, keeps every score, and backs up again once space is back', async () => {
    // Examiners save scores all along, one after the other, on 40 participants.
    const acknowledged = new Map<number, number>();
    const statuses: number[] = [];
    const refused: string[] = [];
    let writing = true;
    const scores = (async () => {
      for (let i = 0; writing; i++) {
        const idSiswa = 1 + (i % 40);
        const value = 50 + (i % 31);
        const res = await call('POST', API.nilai.href(), {
          id_siswa: idSiswa,
          id_ukt: 1,
          id_tingkat: 1,
          nilai_jurus: value,
          nilai_jurus_plus: 0,
        });
        statuses.push(res.status);
        if (res.status === 200) acknowledged.set(idSiswa, value);
        else refused.push(`siswa ${idSiswa}: ${res.status} ${res.json.message}`);
      }
    })();
    // Heard at the end; a test failing before that stops the writes without a second error.
    scores.catch(() => undefined);
    try {
      const fullMessage = new RegExp(
        `^Cadangan gagal: disk folder cadangan \\(BACKUP_DIR\\) ${mount} penuh \\(sisa [\\d.,]+ [KM]B dari ${TMPFS_MB} MB\\)\\. Kosongkan ruang di disk itu atau atur BACKUP_DIR ke folder di disk lain, lalu buat cadangan lagi\\. Nilai di database tetap aman\\.$`,
      );
      // Full to the last byte (the table files fail), room for part of the staging copy (the
      // recording fails), room for the staging copy but not the sealed archive (the cipher's output fails).
      const attempts = [
        { leave: 0, body: {} },
        { leave: 1024 * 1024, body: {} },
        { leave: RECORDING_BYTES + 1024 * 1024, body: { passphrase: 'sandi-panitia-2026' } },
      ];
      const before = statuses.length;
      for (const [i, attempt] of attempts.entries()) {
        fillDisk(server.child.pid, mount, attempt.leave);
        const res = await call('POST', API.panitia.cadangan.href(), attempt.body);
        expect(res.status, `attempt ${i}: ${JSON.stringify(res.json)}`).toBe(507);
        expect(res.json.success).toBe(false);
        expect(res.json.message, `attempt ${i}`).toMatch(fullMessage);
        expect(leftOnDisk(), `attempt ${i}`).toEqual([]);
      }
      // The same for the schedule: logged, and shown in the list until a backup succeeds.
      await scheduledLook();
      expect(leftOnDisk()).toEqual([]);
      const failed = await list();
      expect(failed.jadwal_gagal?.folder).toBe(mount);
      expect(failed.jadwal_gagal?.pesan).toMatch(fullMessage);
      expect(Date.parse(failed.jadwal_gagal?.gagal_at as string)).toBeGreaterThan(Date.now() - 60_000);
      expect(failed.cadangan).toEqual([]);

      const logged = server.output.split('\n').filter((line) => line.includes('Cadangan gagal'));
      expect(logged.length, server.output.slice(-3000)).toBe(attempts.length + 1);
      for (const line of logged) {
        const entry = JSON.parse(line) as { level: number; msg: string; err?: { code?: string } };
        expect(entry.level).toBe(50);
        expect(entry.msg).toMatch(new RegExp(`BACKUP_DIR\\) ${mount} penuh`));
        expect(entry.msg).not.toMatch(/nilai tidak dapat disimpan|nilai tetap di HP/);
        expect(entry.err?.code).toBe('ENOSPC');
      }
      expect(server.output).toContain('Cadangan terjadwal dicoba lagi tiap menit.');
      expect(server.output).not.toMatch(/Disk penuh \(/);
      // Scores went on being saved while the backups failed.
      expect(statuses.length).toBeGreaterThan(before);

      // Space comes back: the next backup works, the warning goes, and the schedule takes its own.
      freeDisk(server.child.pid, mount);
      expect((await list()).jadwal_gagal).not.toBeNull();
      const made = await call('POST', API.panitia.cadangan.href(), {});
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const after = await list();
      expect(after.jadwal_gagal).toBeNull();
      expect(after.cadangan.map((c) => c.reason)).toEqual(['manual']);
      await scheduledLook();
      expect(server.output, server.output.slice(-4000)).toMatch(
        /Cadangan terjadwal ditulis ke .*-jadwal\.tar\.gz/,
      );
      expect(leftOnDisk().sort()).toEqual((await list()).cadangan.map((c) => c.name).sort());
    } finally {
      writing = false;
    }
    await scores;
    expect(server.child.exitCode).toBeNull();
    expect((await call('GET', API.health.href())).status).toBe(200);
    // Every score was saved while the backups failed, and every acknowledged one is there.
    expect(refused).toEqual([]);
    for (const [idSiswa, value] of acknowledged) {
      const res = await call('GET', `${API.nilai.href()}?id_siswa=${idSiswa}&id_tingkat=1&id_ukt=1`);
      expect(res.status).toBe(200);
      const data = res.json.data as { nilai_jurus: number } | { nilai_jurus: number }[];
      const record = Array.isArray(data) ? data[0] : data;
      expect(Number(record?.nilai_jurus), `siswa ${idSiswa}`).toBe(value);
    }
  });

  it('ukt backup on a full backup disk says so in one line, exits 1 and leaves nothing', async () => {
    // The server's own database, as a committee backs up while it runs.
    const backupDir = mkdtempSync(join(tmpdir(), 'ukt-cadangan-cli-'));
    const run = await runToExit({
      command: runOnSmallDisk({ at: backupDir, sizeMb: TMPFS_MB, full: true }, [
        process.execPath,
        ...nodeArgs('src/cli/main.ts'),
        'backup',
      ]),
      env: { DATABASE_URL: databaseUrl, DATA_DIR: outside, BACKUP_DIR: backupDir, LOG_LEVEL: 'silent' },
    });
    rmSync(backupDir, { recursive: true, force: true });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cadangan gagal: disk folder cadangan \\(BACKUP_DIR\\) ${backupDir} penuh \\(sisa \\d+ KB`,
        ),
      ),
    ]);
    expect(filesLeftAfter(run.output)).toEqual([]);
  });
});

describe.each(DATABASES)('a backup folder that cannot be made, %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  let backupDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cadangan-bukan-folder-'));
    // BACKUP_DIR under a plain file: neither the folder nor any file in it can ever be made.
    writeFileSync(join(dir, 'berkas'), '');
    backupDir = join(dir, 'berkas', 'cadangan');
    ({ t, admin } = await startSignedIn(kind, { BACKUP_DIR: backupDir, BACKUP_INTERVAL_MINUTES: '15' }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (on: TestApp = t, token = admin) => {
    const res = await api(on, token, 'GET', API.panitia.cadangan.href());
    expect(res.statusCode, res.body).toBe(200);
    return ListAnswer.parse(res.json()).data;
  };
  const failures = () => t.app.db.selectFrom('cadangan_gagal').select(['folder', 'pesan']).execute();

  it("the console, the schedule and ukt backup fail with one message naming BACKUP_DIR; the schedule's failure is listed, for every process, until a backup succeeds", async () => {
    const message = `Cadangan gagal: folder cadangan (BACKUP_DIR) ${backupDir} tidak dapat ditulisi (sebagian jalurnya adalah berkas, bukan folder). Periksa folder itu atau atur BACKUP_DIR ke folder di disk lain, lalu buat cadangan lagi. Nilai di database tetap aman.`;
    const made = await api(t, admin, 'POST', API.panitia.cadangan.href(), {});
    expect(made.statusCode).toBe(507);
    expect(body(made)).toEqual({ success: false, message });
    // A console backup that fails is answered there; only the schedule's failures are kept.
    expect(await list()).toMatchObject({ folder: backupDir, jadwal_gagal: null, cadangan: [] });

    await expect(scheduledBackup(t.app)).rejects.toThrow(message);
    const failedAt = new Date(t.app.clock()).toISOString();
    expect((await list()).jadwal_gagal).toEqual({ folder: backupDir, gagal_at: failedAt, pesan: message });
    // A minute later the schedule tries again: the newest failure is the one shown.
    t.advance(60_000);
    await expect(scheduledBackup(t.app)).rejects.toThrow(message);
    expect((await list()).jadwal_gagal?.gagal_at).toBe(new Date(t.app.clock()).toISOString());

    // Another server process on the same database shows the same warning.
    const other = await startApp(kind, { BACKUP_DIR: backupDir, BACKUP_INTERVAL_MINUTES: '15' }, t);
    try {
      expect((await list(other)).jadwal_gagal?.pesan).toBe(message);
    } finally {
      await other.close();
    }

    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runCli(['backup'], t.config, io)).toBe(1);
    expect(lines).toEqual([message]);

    // The folder can be made again: a console backup succeeds and the warning goes …
    rmSync(join(dir, 'berkas'));
    t.advance(1_000);
    expect((await api(t, admin, 'POST', API.panitia.cadangan.href(), {})).statusCode).toBe(200);
    expect((await list()).jadwal_gagal).toBeNull();
    // … and the schedule's own success forgets the failure for good.
    expect(await failures()).toEqual([{ folder: backupDir, pesan: message }]);
    t.advance(60_000);
    expect(await scheduledBackup(t.app)).toMatch(/-jadwal\.tar\.gz$/);
    expect(await failures()).toEqual([]);
    expect(readdirSync(backupDir).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
