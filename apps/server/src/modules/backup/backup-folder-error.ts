import { relative, sep } from 'node:path';
import { formatUkuran } from '@ukt/core';
import { diskSpace } from '../../lib/disk-space';
import { insufficientStorage } from '../../lib/errors';

// A backup writes only into its folder (the staging folder, the partial archive, the archive): when
// the file system refuses, the committee reads which folder, why, and what to do, and is told that
// the scores are safe; the errno and the stack go to the log only (docs/decisions/122).

/** Where a backup was being written: BACKUP_DIR, or the folder of `ukt backup --out`. */
export interface BackupPlace {
  folder: string;
  /** True for BACKUP_DIR, which the message names by its setting. */
  backupDir: boolean;
}

/** Why a folder cannot be written, in words, by the file system's code. */
const REASONS: Record<string, string> = {
  ENOENT: 'folder itu tidak ada',
  ENOTDIR: 'sebagian jalurnya adalah berkas, bukan folder',
  EEXIST: 'sudah ada berkas dengan nama itu, bukan folder',
  EISDIR: 'nama berkas cadangan dipakai sebuah folder',
  EACCES: 'server tidak punya izin menulis di sana',
  EPERM: 'server tidak punya izin menulis di sana',
  EROFS: 'disknya hanya dapat dibaca',
  EIO: 'disknya gagal saat ditulis',
  ENAMETOOLONG: 'jalurnya terlalu panjang',
};

const inside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

/** True for an error of the file system (it names a system call), not of the database or the code. */
const isFileSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';

const where = (place: BackupPlace) =>
  place.backupDir ? `folder cadangan (BACKUP_DIR) ${place.folder}` : `folder ${place.folder}`;

/** The disk's free and total space, for the message, when it can be read. */
const space = (folder: string) => {
  const disk = diskSpace(folder);
  return disk ? ` (sisa ${formatUkuran(disk.free)} dari ${formatUkuran(disk.total)})` : '';
};

const what = (place: BackupPlace) =>
  place.backupDir ? 'atur BACKUP_DIR ke folder di disk lain' : 'pilih folder lain untuk --out';

/**
 * The committee's error for a failure while writing a backup into `place`, or the error itself
 * when it was not the folder's (the database, DATA_DIR, a fault of the code).
 */
export function backupFolderError(error: unknown, place: BackupPlace): unknown {
  if (!isFileSystemError(error)) return error;
  if (error.code === 'ENOSPC' || error.code === 'EDQUOT') {
    return insufficientStorage(
      `Cadangan gagal: disk ${where(place)} penuh${space(place.folder)}. Kosongkan ruang di disk itu atau ${what(place)}, lalu buat cadangan lagi. Nilai di database tetap aman.`,
      error,
    );
  }
  // A write on an open file names no path: only the backup's own files are written.
  if (error.path !== undefined && !inside(place.folder, error.path)) return error;
  const reason = REASONS[error.code ?? ''] ?? 'sistem berkas menolaknya';
  return insufficientStorage(
    `Cadangan gagal: ${where(place)} tidak dapat ditulisi (${reason}). Periksa folder itu atau ${what(place)}, lalu buat cadangan lagi. Nilai di database tetap aman.`,
    error,
  );
}
