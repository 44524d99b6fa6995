import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

// BACKUP_DIR never overlaps the data (docs/decisions/123). Equal to DATA_DIR, the console's
// download could reach secret.key and every backup held the ones before it; around DATA_DIR or
// the SQLite file, a backup folder would hold the live data. The one folder inside DATA_DIR
// allowed is the default, DATA_DIR/cadangan: every backup and every restore leaves it out.

/** The default backup folder's name inside DATA_DIR. */
export const DEFAULT_BACKUP_FOLDER = 'cadangan';

/** Paths as this platform compares them: Windows and macOS ignore case by default. */
const caseless = process.platform === 'win32' || process.platform === 'darwin';

/**
 * The path with every folder that exists resolved to its real place (a symlinked folder counts
 * where it points); what does not exist yet is kept as written.
 */
function realPath(path: string): string {
  const full = resolve(path);
  try {
    return realpathSync.native(full);
  } catch {
    const parent = dirname(full);
    return parent === full ? full : join(realPath(parent), basename(full));
  }
}

const comparable = (path: string) => (caseless ? realPath(path).toLowerCase() : realPath(path));

/** True when `inner` is `outer` or lies somewhere under it. */
function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  // Another drive (Windows) comes back absolute.
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** The folders and file a backup folder is checked against, resolved as loadConfig has them. */
export interface BackupDirPlaces {
  backupDir: string;
  dataDir: string;
  /** The SQLite database file, or undefined for PostgreSQL. */
  sqliteFile: string | undefined;
}

/**
 * Why BACKUP_DIR cannot be used with this DATA_DIR and database, in words that say what to set
 * instead, or null when it can.
 */
export function backupDirProblem({ backupDir, dataDir, sqliteFile }: BackupDirPlaces): string | null {
  const backup = comparable(backupDir);
  const data = comparable(dataDir);
  const instead = `Atur BACKUP_DIR ke folder di luar DATA_DIR (misalnya di disk lain), atau hapus BACKUP_DIR agar cadangan disimpan di ${join(dataDir, DEFAULT_BACKUP_FOLDER)}.`;
  if (backup === data) {
    return `BACKUP_DIR ${backupDir} sama dengan DATA_DIR: cadangan akan memuat secret.key dan cadangan sebelumnya. ${instead}`;
  }
  if (within(backup, data)) {
    return `BACKUP_DIR ${backupDir} memuat DATA_DIR ${dataDir}: folder cadangan tidak boleh berisi data yang dicadangkan. ${instead}`;
  }
  if (within(data, backup) && backup !== comparable(join(dataDir, DEFAULT_BACKUP_FOLDER))) {
    return `BACKUP_DIR ${backupDir} berada di dalam DATA_DIR ${dataDir}. ${instead}`;
  }
  if (sqliteFile && within(backup, comparable(sqliteFile))) {
    return `BACKUP_DIR ${backupDir} memuat berkas database ${sqliteFile} (DATABASE_URL). Atur BACKUP_DIR ke folder lain, atau simpan database di luar folder cadangan.`;
  }
  return null;
}

/** An archive's name as the backup service and `--out` write it. */
const ARCHIVE = /\.tar\.gz(\.aes)?$/;

/**
 * The start-up log's note when the default folder still holds backups while BACKUP_DIR points
 * elsewhere (set after the first events): the console lists BACKUP_DIR only, so those backups
 * would be out of sight. Null when there are none.
 */
export function oldBackupsNote(backupDir: string, dataDir: string): string | null {
  const old = join(dataDir, DEFAULT_BACKUP_FOLDER);
  if (comparable(old) === comparable(backupDir)) return null;
  let archives: string[];
  try {
    archives = readdirSync(old).filter((name) => ARCHIVE.test(name));
  } catch {
    return null;
  }
  if (archives.length === 0) return null;
  return `${archives.length} cadangan lama ada di ${old} (folder cadangan bawaan), di luar BACKUP_DIR ${backupDir}: halaman Cadangan hanya menampilkan BACKUP_DIR. Pindahkan berkasnya ke BACKUP_DIR bila masih diperlukan.`;
}

/** The device id of the disk `path` lies on: of the nearest folder of it that exists. */
function deviceOf(path: string): number | undefined {
  let at = resolve(path);
  for (;;) {
    try {
      return statSync(at).dev;
    } catch {
      const parent = dirname(at);
      if (parent === at) return undefined;
      at = parent;
    }
  }
}

/** Where a flash disk's folder is on this platform, as the settings command takes it. */
export function flashDiskExample(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return 'E:\\cadangan-ukt';
  if (platform === 'darwin') return '/Volumes/FLASHDISK/cadangan-ukt';
  return '/media/NAMA_PENGGUNA/FLASHDISK/cadangan-ukt';
}

/** A warning that backups die with the disk of the data: what was found, and what to do. */
export interface SameDiskWarning {
  pesan: string;
  saran: string;
}

/**
 * The warning when BACKUP_DIR lies on the same disk as DATA_DIR (the device ids of their nearest
 * existing folders agree), or null when it lies on another disk or either cannot be read: a
 * broken or stolen laptop takes the backups with it (docs/decisions/157).
 */
export function sameDiskWarning(
  backupDir: string,
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): SameDiskWarning | null {
  const backup = deviceOf(backupDir);
  if (backup === undefined || backup !== deviceOf(dataDir)) return null;
  return {
    pesan: `Folder cadangan ${backupDir} ada di disk yang sama dengan folder data ${dataDir}: bila laptop atau disknya rusak atau hilang, cadangannya ikut hilang.`,
    saran: `Colokkan flashdisk atau disk lain, lalu arahkan cadangan ke sana: npm run ukt -- atur BACKUP_DIR=${flashDiskExample(platform)} (sesuaikan dengan letak flashdisk itu), lalu jalankan ulang server. Atau unduh cadangan dari halaman Cadangan ke flashdisk di setiap jeda.`,
  };
}
