import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { runCli } from '../../../src/cli/run';
import type { Config } from '../../../src/config/env';
import { DATABASES, freshDatabaseUrl, testConfig } from '../../support/app';
import { runToExit, startServer } from '../../support/server-process';

// `ukt mulai` and `ukt demo hapus` (docs/decisions/154): the committee's own organisation on a
// server, and the end of a trial run, through the command line; and a server on a database without a
// committee admin saying how to add one.

describe.each(DATABASES)('ukt mulai and ukt demo hapus on %s', (kind) => {
  let dir: string;
  let config: Config;
  let drop: (() => Promise<void>) | undefined;
  let out: string[] = [];
  let err: string[] = [];
  const ukt = (...args: string[]) => {
    out = [];
    err = [];
    return runCli(args, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-mulai-'));
    const database = await freshDatabaseUrl(kind, dir);
    drop = database.drop;
    // A trial run: the demo, as `npm start` makes it.
    config = testConfig(dir, database.url, {
      UKT_DEMO: '1',
      PUBLIC_URL: 'https://ukt.example',
    });
    const app = await buildApp(config);
    await app.close();
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists both commands in the help', async () => {
    expect(await ukt('help')).toBe(0);
    expect(out.join('\n')).toMatch(
      / {2}mulai --organisasi NAMA --admin NO_WA \[--admin NO_WA …\] +organisasi sendiri/,
    );
    expect(out.join('\n')).toMatch(
      / {2}demo hapus \[--organisasi NAMA\] \[--admin NO_WA …\] +hapus data demo/,
    );
  });

  it('refuses to remove the demo before the committee has an admin of its own, and says what to write', async () => {
    expect(await ukt('demo', 'hapus')).toBe(1);
    expect(err).toEqual([
      'Sebutkan nomor WhatsApp admin panitia Anda sendiri: penguji demo ikut dihapus, dan tanpa admin tidak ada yang dapat masuk ke konsol panitia.',
    ]);
    expect(await ukt('mulai', '--admin', '0812 3456 7890')).toBe(1);
    expect(err).toEqual([
      'Tulis nama organisasi dan nomor admin panitia: npm run ukt -- mulai --organisasi "Nama Organisasi" --admin 0812xxxxxxxx',
    ]);
    expect(await ukt('mulai', '--organisasi', 'Perguruan Harapan', '--admin', '021 555 1234')).toBe(1);
    expect(err[0]).toMatch(/^Nomor WhatsApp admin "021 555 1234" bukan nomor HP/);
  });

  it('mulai names the organisation and adds its admins; demo hapus then removes the demo; again removes nothing', async () => {
    expect(
      await ukt(
        'mulai',
        '--organisasi',
        'Perguruan Harapan',
        '--admin',
        '0812-3456-7890',
        '--admin',
        '+62 813 1111 2222',
      ),
    ).toBe(0);
    expect(out).toEqual([
      'Organisasi: Perguruan Harapan',
      'Admin panitia: +62 812-3456-7890 (baru, namanya dapat diubah di halaman Penguji)',
      'Admin panitia: +62 813-1111-2222 (baru, namanya dapat diubah di halaman Penguji)',
      'Masuk ke konsol panitia di https://ukt.example/panitia dengan nomor itu.',
      'Langkah berikutnya di konsol panitia: 1. buat kegiatan, 2. impor penguji, 3. impor peserta.',
      'Data demo masih ada: hapus dengan npm run ukt -- demo hapus',
    ]);

    expect(await ukt('demo', 'hapus')).toBe(0);
    expect(out).toEqual([
      'Data demo dihapus: 2 kegiatan, 200 peserta dan 3 penguji.',
      'Organisasi: Perguruan Harapan',
      'Admin panitia: +62 812-3456-7890, +62 813-1111-2222',
      'Langkah berikutnya di konsol panitia: 1. buat kegiatan, 2. impor penguji, 3. impor peserta.',
    ]);
    expect(await ukt('demo', 'hapus')).toBe(0);
    expect(out).toEqual(['Tidak ada data demo lagi: tidak ada yang dihapus.']);
    expect(await ukt('mulai', '--organisasi', 'Perguruan Harapan', '--admin', '081234567890')).toBe(0);
    expect(out[1]).toBe('Admin panitia: +62 812-3456-7890');
    expect(out).not.toContain('Data demo masih ada: hapus dengan npm run ukt -- demo hapus');
  });
});

describe('a server on a database without a committee admin', () => {
  const dirs: string[] = [];
  let server: ReturnType<typeof startServer> | undefined;
  afterEach(async () => {
    await server?.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('starts without the demo, says how to add an admin, and stops saying it once `ukt mulai` has run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-mulai-process-'));
    dirs.push(dir);
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, 'ukt.db')}`,
      UKT_DEMO: '',
      WEB_DIST: join(dir, 'none'),
    };
    server = startServer({ env });
    await server.listening();
    expect(server.output).toContain(
      'Belum ada admin panitia: tambahkan dengan npm run ukt -- mulai --organisasi \\"Nama Organisasi\\" --admin 0812xxxxxxxx',
    );
    expect(server.output).not.toContain('Data demo dibuat');
    await server.stop();

    const cli = await runToExit({
      entry: 'src/cli/main.ts',
      args: ['mulai', '--organisasi', 'Perguruan Harapan', '--admin', '0812 3456 7890'],
      env,
    });
    expect(cli.code, cli.output).toBe(0);
    expect(cli.lines[0]).toBe('Organisasi: Perguruan Harapan');

    server = startServer({ env });
    await server.listening();
    expect(server.output).not.toContain('Belum ada admin panitia');
  }, 120_000);
});
