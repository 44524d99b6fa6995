import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDb } from '../../src/db/connect';
import { DEMO_STILL_THERE, FIRST_START_REFUSAL, firstStart } from '../../src/launcher/first-start';
import { testConfig } from '../support/app';
import { freePort, runToExit, type ServerProcess, startServer } from '../support/server-process';

// The venue launcher's first start (docs/decisions/154), run as a volunteer runs it, on a fresh data
// folder: the committee's own organisation from --organisasi/--admin, the demo with --demo, and
// without a window or arguments a refusal before anything starts. Caddy is Debian's, on free ports.

/** What a database holds of the organisation, its examiners and events. */
async function stored(url: string) {
  const { db } = connectDb(url);
  try {
    const organisasi = await db.selectFrom('organisasi').select('nama_organisasi').execute();
    const penguji = await db.selectFrom('penguji').select(['no_wa', 'panitia']).orderBy('no_wa').execute();
    const ukt = await db.selectFrom('ukt').select('nama_ukt').execute();
    return { organisasi: organisasi.map((o) => o.nama_organisasi), penguji, ukt: ukt.length };
  } finally {
    await db.destroy();
  }
}

describe('the first start asked in the window', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('asks the name and the numbers again until they are right, then sets them; the next start asks nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-first-ask-'));
    dirs.push(dir);
    const url = `sqlite:${join(dir, 'ukt.db')}`;
    const config = testConfig(dir, url, { UKT_DEMO: '' });
    const answers = ['  ', 'Perguruan Harapan', '0812-3456-7890, 12345', '0812-3456-7890, 0813 1111 2222'];
    const asked: string[] = [];
    const said: string[] = [];
    const io = {
      say: (line: string) => void said.push(line),
      ask: async (question: string) => {
        asked.push(question);
        return answers.shift() ?? '';
      },
    };
    const none = { organisasi: undefined, admin: [], demo: false };
    expect(await firstStart(config, none, io)).toBeNull();
    expect(asked).toEqual([
      'Nama organisasi (misalnya Perguruan Pencak Silat Harapan): ',
      'Nama organisasi (misalnya Perguruan Pencak Silat Harapan): ',
      'Nomor WhatsApp admin panitia (beberapa nomor dipisah koma): ',
      'Nomor WhatsApp admin panitia (beberapa nomor dipisah koma): ',
    ]);
    expect(said[0]).toMatch(/^Database ini belum punya organisasi dan admin panitia/);
    expect(said).toContain('Nama organisasi wajib diisi, misalnya "Perguruan Pencak Silat Harapan".');
    expect(said.some((l) => l.startsWith('Nomor WhatsApp admin "12345" terlalu pendek'))).toBe(true);
    expect(said).toContain(
      'Organisasi: Perguruan Harapan; admin panitia: +62 812-3456-7890, +62 813-1111-2222.',
    );
    expect((await stored(url)).penguji.map((p) => p.no_wa)).toEqual(['6281234567890', '6281311112222']);

    // With its admins, the database starts as it is: nothing asked, and without a window no refusal.
    asked.length = 0;
    expect(await firstStart(config, none, io)).toBeNull();
    expect(await firstStart(config, none, { say: io.say, ask: undefined })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('without a window, a database without an admin is refused, and --demo on it fills the demo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-first-none-'));
    dirs.push(dir);
    const url = `sqlite:${join(dir, 'ukt.db')}`;
    const config = testConfig(dir, url, { UKT_DEMO: '' });
    const io = { say: () => undefined, ask: undefined };
    expect(await firstStart(config, { organisasi: undefined, admin: [], demo: false }, io)).toBe(
      FIRST_START_REFUSAL,
    );
    expect(await firstStart(config, { organisasi: undefined, admin: [], demo: true }, io)).toBeNull();
    expect((await stored(url)).ukt).toBe(2);
    // Every later start says the demo is still there, until it is removed.
    const said: string[] = [];
    const none = { organisasi: undefined, admin: [], demo: false };
    expect(await firstStart(config, none, { say: (l) => void said.push(l), ask: undefined })).toBeNull();
    expect(said).toEqual([DEMO_STILL_THERE]);
  });
});

describe('the venue launcher’s first start', () => {
  const dirs: string[] = [];
  let launcher: ServerProcess | undefined;
  afterEach(async () => {
    await launcher?.stop('SIGTERM');
    launcher = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh data folder, free ports, and no UKT_DEMO (the test support's default asks for the demo). */
  const setting = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-first-'));
    dirs.push(dir);
    const appPort = await freePort();
    const db = `sqlite:${join(dir, 'data', 'ukt.db')}`;
    const env = {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: db,
      PORT: String(appPort),
      UKT_HTTP_PORT: String(await freePort()),
      UKT_HTTPS_PORT: String(await freePort()),
      UKT_BIND: '127.0.0.1',
      UKT_ENV_FILE: join(dir, 'ukt.env'),
      UKT_DEMO: '',
      HOME: dir,
    };
    return { env, db, appPort };
  };

  /** Starts the launcher, waits until it says the app runs, and stops it as Ctrl+C would. */
  const runUntilStarted = async (args: string[], env: Record<string, string>) => {
    launcher = startServer({ entry: 'src/launcher/main.ts', args, env });
    await launcher.waitFor(/Tekan Ctrl\+C/, 150_000);
    const output = launcher.output;
    expect(await launcher.stop('SIGINT')).toBe(0);
    launcher = undefined;
    return output;
  };

  const closed = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });

  it('without a window and without the arguments: refuses with one line naming them, nothing started', async () => {
    const { env, appPort } = await setting();
    const run = await runToExit({ entry: 'src/launcher/main.ts', args: ['ukt.lan'], env });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr.trim()).toBe(FIRST_START_REFUSAL);
    expect(FIRST_START_REFUSAL).toContain('--organisasi "Nama Organisasi" --admin 0812xxxxxxxx');
    expect(FIRST_START_REFUSAL).toContain('--demo');
    expect(run.output).not.toContain('Memulai UKT Penguji');
    expect(await closed(appPort)).toBe(true);
  }, 120_000);

  it('--demo beside --organisasi is refused with what to choose', async () => {
    const { env } = await setting();
    const run = await runToExit({
      entry: 'src/launcher/main.ts',
      args: ['ukt.lan', '--demo', '--organisasi', 'Perguruan Harapan', '--admin', '081234567890'],
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--demo tidak dipakai bersama --organisasi dan --admin');
  }, 120_000);

  it('--organisasi and --admin: the app starts on a database with that organisation and admin, and no demo', async () => {
    const { env, db } = await setting();
    const output = await runUntilStarted(
      ['ukt.lan', '--organisasi', 'Perguruan Harapan', '--admin', '0812-3456-7890'],
      env,
    );
    expect(output).toContain('Organisasi: Perguruan Harapan; admin panitia: +62 812-3456-7890.');
    expect(output).not.toContain('Data demo dibuat');
    expect(await stored(db)).toEqual({
      organisasi: ['Perguruan Harapan'],
      penguji: [{ no_wa: '6281234567890', panitia: 'Admin' }],
      ukt: 0,
    });

    // The next start needs no arguments: the database has its committee admin.
    await runUntilStarted(['ukt.lan'], env);
    expect((await stored(db)).penguji).toHaveLength(1);
  }, 300_000);

  it('--demo: the app starts with the demo organisation, its examiners and events', async () => {
    const { env, db } = await setting();
    const output = await runUntilStarted(['ukt.lan', '--demo'], env);
    expect(output).toContain('Data demo dibuat: 3 penguji');
    expect(await stored(db)).toEqual({
      organisasi: ['Perguruan Pencak Silat Demo'],
      penguji: [
        { no_wa: '6281100000001', panitia: 'Admin' },
        { no_wa: '6281100000002', panitia: 'Penguji' },
        { no_wa: '6281100000003', panitia: 'Penguji' },
      ],
      ukt: 2,
    });
  }, 300_000);
});
