import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { startApp, type TestApp } from '../../support/app';
import { craftArchive, manifestOf, seal } from '../../support/restore';
import { type Finished, nodeArgs, runToExit } from '../../support/server-process';
import { filesLeftAfter, runOnSmallDisk } from '../../support/small-disk';

// `ukt restore` through its real entry, as a committee runs it: every failure is one Indonesian
// line on stderr, exit 1, no stack trace, and nothing unpacked or decrypted left in the temp
// folder: a hostile archive, an archive this user may not read (run as `nobody`), and a temp or
// data folder that fills up (a 1 MB small disk of the run's own, support/small-disk.ts).

const CLI = [process.execPath, ...nodeArgs('src/cli/main.ts')] as const;

describe('ukt restore through its real entry', { timeout: 180_000 }, () => {
  let dir: string;
  let source: TestApp;
  let archive: string;

  beforeAll(async () => {
    // Folders another user can reach: the `nobody` run reads and writes here.
    dir = mkdtempSync(join(tmpdir(), 'ukt-perintah-'));
    chmodSync(dir, 0o755);
    source = await startApp('sqlite', { UKT_SECRET: undefined as unknown as string });
    // Incompressible, so the unpacked archive does not fit the 1 MB temp folder below.
    mkdirSync(join(source.config.dataDir, 'audio'), { recursive: true });
    writeFileSync(join(source.config.dataDir, 'audio', 'rekaman.webm'), randomBytes(3 * 1024 * 1024));
    archive = (
      await createBackup(serverBackupSource(source.app), { reason: 'manual', out: join(dir, 'a.tar.gz') })
    ).file;
  });
  afterAll(async () => {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A folder of its own for one run: an empty target inside it, and a temp folder. */
  const place = (name: string) => {
    const at = join(dir, name);
    mkdirSync(join(at, 'sementara'), { recursive: true, mode: 0o777 });
    chmodSync(at, 0o777);
    chmodSync(join(at, 'sementara'), 0o777);
    return {
      at,
      env: {
        DATA_DIR: join(at, 'data'),
        DATABASE_URL: `sqlite:${join(at, 'data', 'ukt.db')}`,
        TMPDIR: join(at, 'sementara'),
        LOG_LEVEL: 'silent',
        TSX_DISABLE_CACHE: '1',
        SANDI: 'sandi-panitia',
      },
    };
  };
  /** Exit 1 and `message` as the one line on stderr, with no stack or errno text. */
  const expectRefused = (run: Finished, message: string) => {
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at |Error:|E[A-Z]{3,}:/);
    expect(run.stderr.trim()).toBe(message);
  };

  it('a sealed archive with a name that climbs out: one line, exit 1, nothing left', async () => {
    const file = { name: 'data/catatan.txt', text: 'isi' };
    const out = join(dir, 'jahat.tar.gz.aes');
    writeFileSync(
      out,
      seal(
        await craftArchive([
          { name: 'manifest.json', text: JSON.stringify(manifestOf([file])) },
          file,
          { name: '../../keluar.txt', text: 'x' },
        ]),
        'sandi-panitia',
      ),
    );
    const { at, env } = place('jahat');
    const run = await runToExit({ env, command: [...CLI, 'restore', out, '--passphrase-env', 'SANDI'] });
    expectRefused(
      run,
      'Berkas cadangan tidak sah: isian "../../keluar.txt" menunjuk ke luar folder pemulihan. Tidak ada yang diubah.',
    );
    expect(readdirSync(env.TMPDIR)).toEqual([]);
    expect(existsSync(join(at, 'keluar.txt'))).toBe(false);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('an archive this user may not read says so in words', async () => {
    const { env } = place('izin');
    chmodSync(archive, 0o600);
    const run = await runToExit({
      env,
      command: ['runuser', '-u', 'nobody', '--', ...CLI, 'restore', archive],
    });
    expectRefused(
      run,
      `Berkas cadangan ${archive} tidak boleh dibaca oleh pengguna ini (izin ditolak): periksa izin berkasnya, atau jalankan perintah sebagai pemiliknya. Tidak ada yang diubah.`,
    );
    expect(readdirSync(env.TMPDIR)).toEqual([]);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('a temp folder that fills up says where and what to do, and is left empty', async () => {
    const { env } = place('penuh');
    const run = await runToExit({
      env,
      command: runOnSmallDisk({ at: env.TMPDIR, sizeMb: 1 }, [...CLI, 'restore', archive]),
    });
    expectRefused(
      run,
      `Ruang disk habis di folder sementara ${env.TMPDIR} saat membongkar cadangan: kosongkan ruang di sana, atau atur TMPDIR ke folder di disk yang lebih lega, lalu coba lagi. Tidak ada yang diubah.`,
    );
    expect(filesLeftAfter(run.output)).toEqual([]);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('a data folder that fills up fails before the database is touched, and keeps what it held', async () => {
    const { at, env } = place('data-penuh');
    mkdirSync(env.DATA_DIR, { mode: 0o777 });
    const databaseUrl = `sqlite:${join(at, 'db', 'ukt.db')}`;
    const run = await runToExit({
      env: { ...env, DATABASE_URL: databaseUrl },
      command: runOnSmallDisk({ at: env.DATA_DIR, sizeMb: 1, files: { 'catatan.txt': 'catatan' } }, [
        ...CLI,
        'restore',
        archive,
        '--force',
      ]),
    });
    expectRefused(
      run,
      `Ruang disk folder data ${env.DATA_DIR} habis: kosongkan ruang, lalu jalankan restore lagi. Tidak ada yang diubah.`,
    );
    expect(filesLeftAfter(run.output)).toEqual(['catatan.txt']);
    expect(readdirSync(env.TMPDIR)).toEqual([]);
    // The database comes after the files: it was never created.
    expect(existsSync(join(at, 'db'))).toBe(false);
  });
});
