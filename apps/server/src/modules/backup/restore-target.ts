import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_CADDY_FOLDER } from '../../config/env';
import { dialectName } from '../../db/dialect';
import { appConnectionNames, sqliteUser } from '../../db/in-use';
import { postgresPlace } from '../../db/open-error';
import type { Database } from '../../db/types';
import { conflict } from '../../lib/errors';
import { appConnections, currentSchema, nonEmptyTables } from './backup.repository';
import { dataFiles, sqliteFileOf } from './backup-files';

// What a restore finds at its target before it touches it, and the refusals that follow
// (docs/decisions/124): a server using the database, another installation's SQLite database in
// the data folder, rows or files where the restore would write.

/** Where a restore writes. */
export interface RestoreTarget {
  databaseUrl: string;
  dataDir: string;
  pgSchema?: string;
  /** Left alone by the emptiness check and by a forced restore (defaults to none). */
  backupDir?: string;
  /**
   * Caddy's data folder (defaults to DATA_DIR/caddy, as the config's): an archive's CA goes there;
   * the emptiness check and a forced restore leave the rest of it alone (docs/decisions/132).
   */
  caddyDataDir?: string;
}

/** Where a restore puts Caddy's CA. */
export const caddyDataDirOf = (target: RestoreTarget) =>
  resolve(target.caddyDataDir ?? join(target.dataDir, DEFAULT_CADDY_FOLDER));

/** What the target holds. */
export interface TargetContents {
  /** Rows per table that has any. */
  rows: Record<string, number>;
  /** The data folder's files a forced restore replaces, relative, forward slashes. */
  files: string[];
  /** SQLite databases in the data folder that the restore is not writing to (their companions too). */
  otherDatabases: string[];
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0');
/** A WAL file's first four bytes (either checksum order) and a rollback journal's first eight. */
const WAL_MAGIC = [0x377f0682, 0x377f0683];
const JOURNAL_MAGIC = Buffer.from([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]);
const COMPANIONS = ['-wal', '-shm', '-journal', '-pid'];

/** Whether a file is a SQLite database, WAL or rollback journal by its first bytes. */
async function isSqliteFile(file: string): Promise<'database' | 'companion' | false> {
  const head = Buffer.alloc(16);
  let read = 0;
  try {
    const handle = await open(file, 'r');
    try {
      ({ bytesRead: read } = await handle.read(head, 0, 16, 0));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
  if (read === 16 && head.equals(SQLITE_HEADER)) return 'database';
  if (read >= 4 && WAL_MAGIC.includes(head.readUInt32BE(0))) return 'companion';
  if (read >= 8 && head.subarray(0, 8).equals(JOURNAL_MAGIC)) return 'companion';
  return false;
}

/** The data folder's files split into SQLite files (by their header) and the others. */
async function sortDataFiles(
  dataDir: string,
  files: string[],
): Promise<{ sqlite: string[]; other: string[] }> {
  const kinds = await Promise.all(files.map((f) => isSqliteFile(join(dataDir, f))));
  const databases = new Set(files.filter((_, i) => kinds[i] === 'database'));
  const isSqlite = (f: string, i: number) =>
    kinds[i] !== false || COMPANIONS.some((c) => f.endsWith(c) && databases.has(f.slice(0, -c.length)));
  return {
    sqlite: files.filter((f, i) => isSqlite(f, i)),
    other: files.filter((f, i) => !isSqlite(f, i)),
  };
}

/** What the target holds; `db` is undefined for a SQLite file that does not exist yet. */
export async function targetContents(
  db: Kysely<Database> | undefined,
  target: RestoreTarget,
): Promise<TargetContents> {
  const rows = db ? await nonEmptyTables(db) : {};
  const all = await dataFiles(target.dataDir, {
    sqliteFile: sqliteFileOf(target.databaseUrl),
    backupDir: target.backupDir,
    caddyDataDir: caddyDataDirOf(target),
  });
  const { sqlite, other } = await sortDataFiles(target.dataDir, all);
  return { rows, files: other, otherDatabases: sqlite };
}

const STOP_SERVER =
  'Hentikan server itu dulu: sudo systemctl stop ukt-penguji bila berjalan sebagai layanan, atau tekan Ctrl+C di jendela yang menjalankan npm start; lalu jalankan restore lagi. Tidak ada yang diubah. (Bila yakin tidak ada server yang memakainya, tambahkan --selagi-server-jalan.)';

/** How long a restore waits for the connections of a server that has just stopped to go. */
const SETTLE_MS = 2_000;

/**
 * Refuses a target database that a server of this app is using: on SQLite the pid beside the
 * file (db/in-use.ts), on PostgreSQL the app's connections to the same database and schema.
 */
export async function refuseServerOnTarget(db: Kysely<Database> | undefined, target: RestoreTarget) {
  const file = sqliteFileOf(target.databaseUrl);
  if (file) {
    const pid = sqliteUser(file);
    if (pid !== undefined) {
      throw conflict(`Database ${file} sedang dipakai server UKT Penguji (proses ${pid}). ${STOP_SERVER}`);
    }
    return;
  }
  if (!db) return;
  const names = appConnectionNames(target.databaseUrl, target.pgSchema, await currentSchema(db));
  let n = await appConnections(db, names);
  // A server that stopped a moment ago may still show connections that are closing.
  for (const until = Date.now() + SETTLE_MS; n > 0 && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 100));
    n = await appConnections(db, names);
  }
  if (n > 0) {
    throw conflict(
      `Database ${postgresPlace(target.databaseUrl)} sedang dipakai server UKT Penguji (${n} koneksi). ${STOP_SERVER}`,
    );
  }
}

/** True when `path` is `dir` or lies under it (both resolved). */
export const isInside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}${sep}`);

/** A folder beside the data folder that does not exist yet: where a restore can go instead. */
function freshDataDir(dataDir: string): string {
  const base = resolve(dataDir);
  let dir = `${base}-pulih`;
  for (let n = 2; existsSync(dir); n++) dir = `${base}-pulih-${n}`;
  return dir;
}

/**
 * The settings that point a restore at a new, empty place instead, as the committee types them:
 * a new DATA_DIR, and the database that goes with it (a SQLite file inside it, or a new
 * PostgreSQL database when this one has rows).
 */
function freshPlace(target: RestoreTarget, databaseHasRows: boolean): string {
  const dir = freshDataDir(target.dataDir);
  const file = sqliteFileOf(target.databaseUrl);
  const settings = [`DATA_DIR=${dir}`];
  if (file && (isInside(file, resolve(target.dataDir)) || databaseHasRows)) {
    const inside = isInside(file, resolve(target.dataDir))
      ? relative(resolve(target.dataDir), file)
      : basename(file);
    settings.push(`DATABASE_URL=sqlite:${join(dir, inside)}`);
  }
  const database =
    !file && databaseHasRows
      ? ' dan DATABASE_URL ke database PostgreSQL baru yang kosong (buat dengan createdb)'
      : '';
  return `Pulihkan ke tempat baru yang kosong: atur ${settings.join(' ')}${database}, lalu jalankan restore lagi.`;
}

/**
 * Refuses a target that holds another installation's SQLite database in its data folder (always:
 * that folder belongs to a configuration in use), or rows or files without `force`; each refusal
 * names what is there and suggests a new, empty place.
 */
export function refuseOccupiedTarget(target: RestoreTarget, there: TargetContents, force: boolean): void {
  const dataDir = resolve(target.dataDir);
  if (there.otherDatabases.length > 0) {
    const names = there.otherDatabases.filter((f) => !COMPANIONS.some((c) => f.endsWith(c)));
    throw conflict(
      `Folder data ${dataDir} berisi database SQLite lain (${(names.length > 0 ? names : there.otherDatabases).join(', ')}): folder itu dipakai pemasangan lain, misalnya laptop yang memakai SQLite. Pemulihan tidak pernah menimpa atau menghapusnya, juga dengan --force. Tidak ada yang diubah. ${freshPlace(target, false)}`,
    );
  }
  const tables = Object.entries(there.rows);
  if (force || (tables.length === 0 && there.files.length === 0)) return;
  const parts: string[] = [];
  if (tables.length > 0) {
    const total = tables.reduce((sum, [, n]) => sum + n, 0);
    const where = dialectName(target.databaseUrl) === 'sqlite' ? ` ${sqliteFileOf(target.databaseUrl)}` : '';
    parts.push(`database${where} berisi ${total} baris (${tables.map(([t, n]) => `${t} ${n}`).join(', ')})`);
  }
  if (there.files.length > 0) parts.push(`folder data ${dataDir} berisi ${there.files.length} berkas`);
  throw conflict(
    `Tujuan pemulihan tidak kosong: ${parts.join('; ')}. Tidak ada yang diubah. ${freshPlace(target, tables.length > 0)}`,
  );
}

/** Refuses archive files that would land on the target's SQLite file or its companions. */
export function refuseDataOverDatabase(target: RestoreTarget, dataNames: string[]): void {
  const file = sqliteFileOf(target.databaseUrl);
  if (!file) return;
  const taken = new Set(['', ...COMPANIONS].map((c) => `${file}${c}`));
  const hit = dataNames.find((name) => taken.has(join(resolve(target.dataDir), name)));
  if (hit) {
    throw conflict(
      `Cadangan ini memuat berkas data ${hit}, yang akan menimpa database tujuan ${file}. Atur DATABASE_URL ke berkas di luar folder data ${resolve(target.dataDir)} (atau ke nama lain), lalu jalankan restore lagi.`,
    );
  }
}

/** The ancestors of `path` (itself included) that do not exist yet, outermost first. */
export function missingFolders(path: string): string[] {
  const missing: string[] = [];
  for (let at = resolve(path); !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  return missing;
}
