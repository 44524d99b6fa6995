import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { type BackupDirPlaces, backupDirProblem, sameDiskWarning } from '../../config/backup-dir';
import { type Check, codeOf, failed, passed, warned } from './check';

// Check 7: the half-hourly backups need a folder that takes files and lies apart from the data
// (docs/decisions/123), on another disk than the data (docs/decisions/157). Only writing a file
// tells, for root and read-only disks alike.

/** Why a folder refused a file, and what to do. */
function writeAdvice(code: string | undefined): string {
  if (code === 'EROFS')
    return 'Disk itu hanya bisa dibaca (flashdisk terkunci?): buka kuncinya atau atur BACKUP_DIR ke folder lain.';
  if (code === 'ENOSPC') return 'Disk itu penuh: kosongkan ruang atau atur BACKUP_DIR ke disk lain.';
  return 'Periksa izin folder itu, atau atur BACKUP_DIR ke folder lain yang bisa ditulis.';
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder exists (made if it may be), takes a file and gives it back, and is not inside the
 * data; a warning when it lies on the data's disk.
 */
export function checkBackupFolder(places: BackupDirPlaces): Check {
  const id = 'cadangan';
  const judul = 'Folder cadangan (BACKUP_DIR)';
  const dir = places.backupDir;
  const problem = backupDirProblem(places);
  if (problem) {
    const [what, todo] = problem.split(/(?<=\.) (?=Atur )/);
    return failed(id, judul, what ?? problem, todo ?? 'Atur BACKUP_DIR ke folder lain.');
  }
  const rel = relative(places.dataDir, dir);
  const inData = !rel.startsWith('..') && !isAbsolute(rel);
  try {
    if (!statSync(dir).isDirectory()) {
      return failed(
        id,
        judul,
        `BACKUP_DIR ${dir} adalah berkas, bukan folder.`,
        'Atur BACKUP_DIR ke sebuah folder.',
      );
    }
  } catch (error) {
    if (codeOf(error) === 'ENOENT' && !inData && !exists(dirname(dir))) {
      // On a flash drive not plugged in, making the folder would put the backups on the laptop.
      return warned(
        id,
        judul,
        `Folder cadangan ${dir} belum ada, begitu pula ${dirname(dir)}.`,
        'Bila cadangan disimpan di flashdisk atau disk lain, colokkan dulu. Bila tidak, buat foldernya atau atur BACKUP_DIR ke folder yang ada.',
      );
    }
  }
  const probe = join(dir, `.periksa-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = codeOf(error);
    return failed(
      id,
      judul,
      `Folder cadangan ${dir} tidak dapat ditulis${code ? ` (${code})` : ''}.`,
      writeAdvice(code),
    );
  }
  const sameDisk = sameDiskWarning(dir, places.dataDir);
  if (sameDisk) return warned(id, judul, sameDisk.pesan, sameDisk.saran);
  return passed(id, judul, `${dir} bisa ditulis, di disk lain dari folder data.`);
}
