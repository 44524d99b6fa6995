import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flashDiskExample, sameDiskWarning } from '../../src/config/backup-dir';
import { checkBackupFolder } from '../../src/modules/preflight/backup-folder-check';

// Backups on the laptop's own disk die with it (docs/decisions/157): the pre-flight and the
// console's Cadangan page warn when the backup folder's disk (the device id of its nearest
// existing folder) is the data's, and say how to point it at a flash disk. /dev/shm, a tmpfs, is
// another device than the temporary folder on this machine, as a flash disk would be.

const otherDisk = existsSync('/dev/shm') ? '/dev/shm' : null;
const deviceId = (path: string) => execFileSync('stat', ['-c', '%d', path], { encoding: 'utf8' }).trim();

let root: string;
let away: string | undefined;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ukt-satu-disk-'));
  mkdirSync(join(root, 'data'));
  if (otherDisk) away = mkdtempSync(join(otherDisk, 'ukt-flashdisk-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  if (away) rmSync(away, { recursive: true, force: true });
});

const places = (backupDir: string) => ({
  backupDir,
  dataDir: join(root, 'data'),
  sqliteFile: join(root, 'data', 'ukt.db'),
});

describe('backups on the disk of the data', () => {
  it('warns for the default folder inside the data: the same disk, said with what to type', () => {
    const backups = join(root, 'data', 'cadangan');
    const check = checkBackupFolder(places(backups));
    expect(check.ok).toBe('warn');
    expect(check.pesan).toBe(
      `Folder cadangan ${backups} ada di disk yang sama dengan folder data ${join(root, 'data')}: bila laptop atau disknya rusak atau hilang, cadangannya ikut hilang.`,
    );
    expect(check.saran).toContain(`npm run ukt -- atur BACKUP_DIR=${flashDiskExample()}`);
  });

  it('warns for another folder beside the data on the same disk, not yet made (its parent counts)', () => {
    const backups = join(root, 'cadangan-lain', 'baru');
    mkdirSync(join(root, 'cadangan-lain'));
    expect(statSync(join(root, 'cadangan-lain')).dev).toBe(statSync(join(root, 'data')).dev);
    expect(sameDiskWarning(backups, join(root, 'data'))?.pesan).toMatch(/di disk yang sama/);
    expect(checkBackupFolder(places(backups)).ok).toBe('warn');
  });

  it.runIf(otherDisk)('passes a folder on another device (/dev/shm), leaving nothing behind', () => {
    const backups = join(away as string, 'cadangan');
    expect(deviceId(otherDisk as string)).not.toBe(deviceId(root));
    expect(sameDiskWarning(backups, join(root, 'data'))).toBeNull();
    const check = checkBackupFolder(places(backups));
    expect(check).toMatchObject({
      ok: true,
      pesan: `${backups} bisa ditulis, di disk lain dari folder data.`,
    });
    expect(readdirSync(backups)).toEqual([]);
  });

  it('names the flash disk as each platform writes it', () => {
    expect(flashDiskExample('win32')).toBe('E:\\cadangan-ukt');
    expect(flashDiskExample('linux')).toMatch(/^\/media\//);
    expect(sameDiskWarning(join(root, 'data', 'cadangan'), join(root, 'data'), 'win32')?.saran).toContain(
      'npm run ukt -- atur BACKUP_DIR=E:\\cadangan-ukt',
    );
  });
});
