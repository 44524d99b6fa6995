import { spawn, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptEarlierCa,
  DEBIAN_CADDY_DATA,
  earlierBackupFolder,
  earlierCaLines,
  earlierCaPlaces,
  findEarlierCa,
} from '../../src/launcher/earlier-setup';
import { caddyPath } from '../../src/launcher/plan';
import {
  claimLauncherLock,
  launcherRuns,
  lockFile,
  runningLauncher,
} from '../../src/modules/preflight/launcher-lock';
import { CADDYFILE } from '../support/caddy';

// A laptop set up with the venue guide from before the launcher (docs/decisions/152): where that
// guide had Caddy keep its CA, on each platform; the CA found and copied so phones keep trusting
// it; what is said when it cannot be; and the launcher's lock on the data folder.

describe('the earlier guide’s places', () => {
  it('Windows: the user’s folder with a space, and C:\\ukt, in Windows’ own form', () => {
    const places = earlierCaPlaces(
      'C:\\Users\\Budi Santoso\\Dokumen Ujian\\ukt-penguji\\apps\\server\\data\\caddy',
      'D:\\ukt\\caddy-data',
      'C:\\Users\\Budi Santoso',
      'win32',
    );
    expect(places).toEqual([
      'D:\\ukt\\caddy-data',
      'C:\\Users\\Budi Santoso\\ukt\\caddy-data',
      'C:\\ukt\\caddy-data',
    ]);
    // The launcher's own folder is never an "earlier" one.
    expect(earlierCaPlaces('C:\\ukt\\caddy-data', undefined, 'C:\\Users\\Budi Santoso', 'win32')).toEqual([
      'C:\\Users\\Budi Santoso\\ukt\\caddy-data',
    ]);
    // Caddy is given each of them quoted: the backslashes and the space stay (caddyfile.test.ts runs Caddy on them).
    expect(caddyPath('C:\\Users\\Budi Santoso\\ukt\\caddy-data\\')).toBe(
      'C:\\Users\\Budi Santoso\\ukt\\caddy-data',
    );
  });

  it('macOS ~/ukt/caddy-data; Linux also Debian’s caddy service', () => {
    expect(earlierCaPlaces('/data/caddy', undefined, '/Users/budi santoso', 'darwin')).toEqual([
      '/Users/budi santoso/ukt/caddy-data',
    ]);
    expect(earlierCaPlaces('/data/caddy', undefined, '/home/budi', 'linux')).toEqual([
      '/home/budi/ukt/caddy-data',
      DEBIAN_CADDY_DATA,
    ]);
  });
});

describe('the earlier CA, found and used again', () => {
  let dir: string;
  /** A CA Caddy made, as Caddy run by hand with UKT_CADDY_DATA=~/ukt/caddy-data left it. */
  let made: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-earlier-'));
    made = join(dir, 'Budi Santoso', 'ukt', 'caddy-data');
    const run = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', CADDYFILE], {
      env: { PATH: process.env.PATH, HOME: dir, UKT_HOST: 'ukt.lan', UKT_CADDY_DATA: made },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const root = (data: string) => readFileSync(join(data, 'pki/authorities/local/root.crt'));
  const debianNone = () => ({ place: join(dir, 'tidak-ada'), caddyfile: join(dir, 'tidak-ada.Caddyfile') });

  it('copies only the root and its key into the data folder; the earlier folder stays as it was', async () => {
    const data = join(dir, 'Dokumen Ujián', 'data', 'caddy');
    const places = earlierCaPlaces(data, undefined, join(dir, 'Budi Santoso'), 'linux').filter(
      (p) => p !== DEBIAN_CADDY_DATA,
    );
    const found = await findEarlierCa(data, places, debianNone());
    expect(found).toEqual({ kind: 'copy', from: made });
    const line = await adoptEarlierCa(made, data);
    expect(line).toBe(
      `Sertifikat CA dari cara lama dipakai lagi: disalin dari ${made} ke ${data}; HP yang sudah memasangnya tidak perlu memasang ulang.`,
    );
    expect(new X509Certificate(root(data)).fingerprint256).toBe(
      new X509Certificate(root(made)).fingerprint256,
    );
    expect(readFileSync(join(made, 'pki/authorities/local/root.key')).length).toBeGreaterThan(0);
    // Once the data folder has its CA, nothing is looked for again.
    expect(await findEarlierCa(data, places, debianNone())).toEqual({ kind: 'none' });
  });

  it('a root and a key that do not belong together: said, with what to do, nothing copied', async () => {
    const broken = join(dir, 'rusak');
    const local = join(broken, 'pki/authorities/local');
    mkdirSync(local, { recursive: true });
    copyFileSync(join(made, 'pki/authorities/local/root.crt'), join(local, 'root.crt'));
    copyFileSync(join(made, 'pki/authorities/local/intermediate.key'), join(local, 'root.key'));
    const data = join(dir, 'data-baru', 'caddy');
    const found = await findEarlierCa(data, [broken], debianNone());
    expect(found).toEqual({ kind: 'broken', from: broken });
    expect(earlierCaLines(found as { kind: 'broken'; from: string }, data)).toContain(
      `✗ Sertifikat CA dari cara lama: root.crt dan root.key di ${local} bukan pasangan sertifikat CA`,
    );
  });

  it('Debian’s service folder counts only when its Caddyfile was the app’s', async () => {
    const service = join(dir, 'var-lib-caddy');
    const local = join(service, 'pki/authorities/local');
    mkdirSync(local, { recursive: true });
    writeFileSync(join(local, 'root.crt'), 'bukan sertifikat');
    writeFileSync(join(local, 'root.key'), 'bukan kunci');
    const caddyfile = join(dir, 'etc-caddy-Caddyfile');
    writeFileSync(caddyfile, ':80 {\n\tfile_server\n}\n');
    const data = join(dir, 'data-debian', 'caddy');
    expect(await findEarlierCa(data, [service], { place: service, caddyfile })).toEqual({ kind: 'none' });
    writeFileSync(caddyfile, readFileSync(CADDYFILE));
    expect(await findEarlierCa(data, [service], { place: service, caddyfile })).toEqual({
      kind: 'broken',
      from: service,
    });
  });

  it('a CA this user may not read: the one command that copies it', () => {
    const lines = earlierCaLines(
      { kind: 'unreadable', from: DEBIAN_CADDY_DATA },
      '/home/budi/Dokumen Ujian/data/caddy',
    );
    expect(lines).toContain(
      `✗ Sertifikat CA dari cara lama: ada di ${DEBIAN_CADDY_DATA}, tetapi pengguna ini tidak boleh membacanya.`,
    );
    expect(lines).toContain(
      `sudo mkdir -p "/home/budi/Dokumen Ujian/data/caddy/pki/authorities/local" && sudo cp "${DEBIAN_CADDY_DATA}/pki/authorities/local/root.crt" "${DEBIAN_CADDY_DATA}/pki/authorities/local/root.key" "/home/budi/Dokumen Ujian/data/caddy/pki/authorities/local/" && sudo chown -R "$(id -un)" "/home/budi/Dokumen Ujian/data/caddy"`,
    );
  });

  it('backups the earlier guide made in ~/ukt/cadangan are found, an empty folder is not', () => {
    const homeDir = join(dir, 'rumah');
    mkdirSync(join(homeDir, 'ukt', 'cadangan'), { recursive: true });
    expect(earlierBackupFolder(homeDir, 'linux')).toBeNull();
    writeFileSync(join(homeDir, 'ukt', 'cadangan', 'ukt-2026-11-01.tar.gz'), 'x');
    expect(earlierBackupFolder(homeDir, 'linux')).toBe(join(homeDir, 'ukt', 'cadangan'));
  });
});

describe('the launcher’s lock on its data folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lock = (pid: number) => ({
    pid,
    nama: 'ukt.lan',
    alamat: 'https://ukt.lan',
    httpPort: 80,
    httpsPort: 443,
    appPort: 3000,
  });

  it('a file left by a process that is gone, or by one that is no launcher, is stale and replaced', async () => {
    const data = join(dir, 'data lama');
    mkdirSync(data);
    // A pid that no longer runs.
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid as number;
    writeFileSync(lockFile(data), JSON.stringify(lock(gone)));
    expect(runningLauncher(data)).toBeNull();
    // A pid that runs, but not venue.js: a pid reused after a power cut.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(launcherRuns(other.pid as number)).toBe(false);
      writeFileSync(lockFile(data), JSON.stringify(lock(other.pid as number)));
      expect(runningLauncher(data)).toBeNull();
      const held = claimLauncherLock(data, lock(process.pid));
      expect('running' in held).toBe(false);
      expect(JSON.parse(readFileSync(lockFile(data), 'utf8')).pid).toBe(process.pid);
      if (!('running' in held)) held.release();
    } finally {
      other.kill();
    }
  });

  it('a running launcher holds it: a second claim answers that launcher and changes nothing', async () => {
    const data = join(dir, 'data berjalan');
    mkdirSync(data);
    // A process whose command line runs venue.js, as a launcher's does.
    const script = join(dir, 'venue.js');
    writeFileSync(script, 'setTimeout(() => {}, 30000);');
    const launcher = spawn(process.execPath, [script]);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const written = JSON.stringify(lock(launcher.pid as number));
      writeFileSync(lockFile(data), written);
      const second = claimLauncherLock(data, lock(process.pid));
      expect(second).toEqual({ running: lock(launcher.pid as number) });
      expect(readFileSync(lockFile(data), 'utf8')).toBe(written);
    } finally {
      launcher.kill();
    }
  });
});
