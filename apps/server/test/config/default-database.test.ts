import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDatabase } from '../../src/config/default-database';
import { loadConfig } from '../../src/config/env';
import { startApp } from '../support/app';
import { ROOT_DIR, SRC_DIR } from '../support/paths';
import { runToExit } from '../support/server-process';

// DATABASE_URL unset: the SQLite file is DATA_DIR/ukt.db, so DATA_DIR holds all the data
// (docs/decisions/157). A database an older release left in ./data/ukt.db of the folder the app
// started in, outside a DATA_DIR set elsewhere, keeps working and the app says how to move it; a
// database in both places is refused, naming both, and neither is touched.

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ukt-satu-folder-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder the app "started in" and a DATA_DIR elsewhere, fresh for one test. */
const places = (name: string) => {
  const cwd = join(root, name, 'apps', 'server');
  const dataDir = join(root, name, 'di tempat lain', 'data');
  mkdirSync(cwd, { recursive: true });
  return { cwd, dataDir, old: join(cwd, 'data', 'ukt.db'), inDataDir: join(dataDir, 'ukt.db') };
};

describe('the default database', () => {
  it('is DATA_DIR/ukt.db, absolute, when DATABASE_URL is unset', () => {
    const dataDir = join(root, 'baru', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.databaseUrl).toBe(`sqlite:${join(dataDir, 'ukt.db')}`);
    expect(config.databaseNote).toBeUndefined();
    expect(config.diskPaths).toEqual([dataDir, join(dataDir, 'ukt.db')]);
    // Set, DATABASE_URL wins as before.
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/ukt' }).databaseUrl).toBe(
      'postgres://x@127.0.0.1/ukt',
    );
  });

  it('with DATA_DIR unset is ./data/ukt.db, the place it always was', () => {
    const { cwd, old } = places('tanpa-data-dir');
    mkdirSync(join(cwd, 'data'));
    writeFileSync(old, 'lama');
    expect(defaultDatabase(join(cwd, 'data'), cwd)).toEqual({ file: old });
  });

  it('stays in the old place when only that one exists, with a note saying how to move it', () => {
    const { cwd, dataDir, old, inDataDir } = places('lama');
    mkdirSync(join(cwd, 'data'));
    writeFileSync(old, 'lama');
    const found = defaultDatabase(dataDir, cwd);
    expect(found.file).toBe(old);
    expect(found.problem).toBeUndefined();
    expect(found.note).toBe(
      `Database masih di tempat lama ${old}, di luar DATA_DIR ${dataDir}, dan tetap dipakai. Agar semua data ada di satu folder: hentikan server, pindahkan ${old} (beserta ${old}-wal dan ${old}-shm bila ada) ke ${dataDir}, lalu jalankan server lagi.`,
    );
    expect(existsSync(inDataDir)).toBe(false);
  });

  it('refuses to choose when both places hold a database, changing neither', () => {
    const { cwd, dataDir, old, inDataDir } = places('dua');
    mkdirSync(join(cwd, 'data'));
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(old, 'lama');
    writeFileSync(inDataDir, 'baru');
    expect(defaultDatabase(dataDir, cwd).problem).toBe(
      `Ada dua database: ${old} (tempat lama, di luar DATA_DIR) dan ${inDataDir} (di DATA_DIR). Tidak ada yang diubah. Pilih satu: pakai yang lama dengan npm run ukt -- atur DATABASE_URL=sqlite:${old}, atau pindahkan yang lama keluar dari ${join(cwd, 'data')} agar ${inDataDir} yang dipakai.`,
    );
    expect(readFileSync(old, 'utf8')).toBe('lama');
    expect(readFileSync(inDataDir, 'utf8')).toBe('baru');
  });
});

describe('an installation with its database in the old place, through the real ukt entry', {
  timeout: 120_000,
}, () => {
  const ukt = (cwd: string, dataDir: string, ...args: string[]) =>
    runToExit({
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', TSX_DISABLE_CACHE: '1', UKT_DEMO: '0' },
      // Started in `cwd`, as npm starts it in apps/server; tsx by its full path from there.
      command: [
        'env',
        '-C',
        cwd,
        process.execPath,
        '--import',
        join(ROOT_DIR, 'node_modules', 'tsx', 'dist', 'loader.mjs'),
        join(SRC_DIR, 'cli', 'main.ts'),
        ...args,
      ],
    });

  it('keeps working from ./data/ukt.db, says how to move it, and refuses once DATA_DIR holds one too', async () => {
    const { cwd, dataDir, old, inDataDir } = places('perintah');
    // A database with the demo events, as an older release left it in apps/server/data.
    const earlier = await startApp('sqlite', { UKT_DEMO: '1' });
    await earlier.app.close();
    mkdirSync(join(cwd, 'data'));
    for (const name of readdirSync(earlier.config.dataDir).filter((n) => n.startsWith('ukt.db')))
      copyFileSync(join(earlier.config.dataDir, name), join(cwd, 'data', name));
    await earlier.close();

    const rekap = join(root, 'rekap.xlsx');
    const run = await ukt(cwd, dataDir, 'export', 'results', '--event', '1', '--out', rekap);
    expect(run.code, run.output).toBe(0);
    expect(run.stderr.trim()).toMatch(
      /^Database masih di tempat lama .+ukt\.db, di luar DATA_DIR .+, dan tetap dipakai\./,
    );
    expect(run.output).toMatch(/\d+ peserta ditulis ke /);
    expect(existsSync(inDataDir)).toBe(false);

    mkdirSync(dataDir, { recursive: true });
    writeFileSync(inDataDir, '');
    const before = readFileSync(old);
    const refused = await ukt(cwd, dataDir, 'export', 'results', '--event', '1', '--out', rekap);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Ada dua database: /)]);
    expect(readFileSync(old).equals(before)).toBe(true);
    expect(readFileSync(inDataDir, 'utf8')).toBe('');
  });
});
