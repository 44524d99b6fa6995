import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { appVersion } from '../../lib/app-version';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/errors';
import { stageMediaRows } from '../media/media-backup';
import { type ArchiveEntry, isSealed, readManifestEntry, writeArchive } from './archive';
import { withSnapshot } from './backup.repository';
import { dataFiles, sha256File, sqliteFileOf } from './backup-files';
import { backupFolderError } from './backup-folder-error';
import { readCaddyCa, stageCaddyCa } from './caddy-ca';

// One archive holds an exam day: the whole database as rows taken from one consistent snapshot
// while writes go on, DATA_DIR's files (secret.key, images, recordings), Caddy's root certificate
// and key when there are any (docs/decisions/132) and a manifest (docs/decisions/096). It restores
// on SQLite or PostgreSQL, whichever took it.

/** The archive format this version writes and reads. */
export const BACKUP_FORMAT = 1;

/** Why a backup was taken. */
export type BackupReason = 'manual' | 'jadwal' | 'migrasi';

/** What an archive says about itself (manifest.json, its first entry). */
export interface BackupManifest {
  format: number;
  app_version: string;
  /** The last migration the data had run: a restore migrates forward from there. */
  migration: string;
  created_at: string;
  dialect: DialectName;
  reason: BackupReason;
  encrypted: boolean;
  counts: Record<string, number>;
  files: number;
  /** Whether it carries Caddy's CA (caddy-ca/root.crt and root.key); absent before decision 132. */
  caddy_ca?: boolean;
  /** sha256 of every other entry, by its name in the archive. */
  checksums: Record<string, string>;
}

/**
 * Where a backup is read from and written to: the open database (PostgreSQL's snapshot takes one
 * of its connections; SQLite's opens the file of `databaseUrl` on a connection of its own).
 */
export interface BackupSource {
  db: Kysely<Database>;
  dialect: DialectName;
  databaseUrl: string;
  dataDir: string;
  backupDir: string;
  /** Caddy's data folder: its CA goes into the backup, nothing else of it (none: no CA). */
  caddyDataDir?: string;
  /** The login-code file (OTP_OUTBOX): never in a backup. */
  loginCodeFile?: string;
  clock: Clock;
  pgSchema?: string;
}

/** A backup in the backup folder, as the console lists it. */
export interface BackupEntry {
  name: string;
  bytes: number;
  created_at: string;
  encrypted: boolean;
  reason: BackupReason | 'lain';
}

const NAME = /^ukt-cadangan-(\d{8})-(\d{6})-(manual|jadwal|migrasi)(?:-\d+)?\.tar\.gz(\.aes)?$/;

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The file name of a backup taken at `ms` for `reason`; `n` tells apart two taken in one second. */
export const backupName = (ms: number, reason: BackupReason, sealed: boolean, n = 1) =>
  `ukt-cadangan-${stamp(ms)}-${reason}${n > 1 ? `-${n}` : ''}.tar.gz${sealed ? '.aes' : ''}`;

/** A name in the backup folder that no backup has yet. */
async function freeName(dir: string, ms: number, reason: BackupReason, sealed: boolean): Promise<string> {
  for (let n = 1; ; n++) {
    const file = join(dir, backupName(ms, reason, sealed, n));
    if (!(await stat(file).catch(() => null))) return file;
  }
}

/** The suffix of an archive still being written. */
const PARTIAL = '.sebagian';

/**
 * True for a name that listBackups would list (the console downloads nothing else): a plain file
 * of the backup folder, never a hidden one, a path or an archive still being written.
 */
export const isBackupName = (name: string) =>
  /^[^./\\][^/\\]*$/.test(name) && !name.endsWith(PARTIAL) && name.length <= 255;

let running: Promise<unknown> | undefined;

/**
 * Tables a backup leaves out: the last failed scheduled backups belong to the machine that took
 * them, and a restored copy must not warn of another machine's folder (docs/decisions/122); the
 * timed tasks' leases and the WhatsApp pace belong to the servers running then, and a restored copy
 * takes its first scheduled backup when it is due by its own folder (docs/decisions/160).
 */
const NOT_BACKED_UP = new Set(['cadangan_gagal', 'tugas_berkala', 'wa_jeda']);

/**
 * A file written piece by piece whose first error (a full disk) is thrown by the next write or by
 * close: never an unheard 'error' event, never a wait for a 'close' that has already passed.
 */
function fileWriter(path: string) {
  const out = createWriteStream(path, { mode: 0o600 });
  const done = finished(out);
  // Heard here at once; thrown again by write or close.
  done.catch(() => undefined);
  return {
    async write(text: string) {
      if (out.errored) throw out.errored;
      if (!out.write(text)) await Promise.race([once(out, 'drain'), done]);
    },
    async close() {
      out.end();
      await done;
    },
    abort: () => void out.destroy(),
  };
}

async function writeTables(source: BackupSource, staging: string) {
  await mkdir(join(staging, 'db'));
  return withSnapshot(source, async (snapshot) => {
    if (!snapshot.migration) throw badRequest('Database belum pernah dimigrasi: tidak ada yang dicadangkan.');
    const counts: Record<string, number> = {};
    for (const table of snapshot.tables.filter((t) => !NOT_BACKED_UP.has(t))) {
      const out = fileWriter(join(staging, 'db', `${table}.jsonl`));
      let n = 0;
      try {
        for await (const rows of snapshot.rows(table)) {
          n += rows.length;
          await out.write(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
        }
        await out.close();
      } catch (error) {
        out.abort();
        throw error;
      }
      counts[table] = n;
    }
    return { counts, migration: snapshot.migration };
  });
}

async function takeBackup(
  source: BackupSource,
  options: { out?: string; passphrase?: string; reason: BackupReason },
) {
  const now = source.clock();
  const folder = resolve(options.out ? dirname(options.out) : source.backupDir);
  const place = { folder, backupDir: !options.out };
  let file: string;
  let staging: string;
  try {
    await mkdir(folder, { recursive: true });
    file = options.out ?? (await freeName(folder, now, options.reason, Boolean(options.passphrase)));
    staging = await mkdtemp(join(folder, '.sementara-'));
  } catch (error) {
    throw backupFolderError(error, place);
  }
  const partial = `${file}${PARTIAL}`;
  try {
    const { counts, migration } = await writeTables(source, staging);
    const onDisk = await dataFiles(source.dataDir, {
      sqliteFile: sqliteFileOf(source.databaseUrl),
      backupDir: source.backupDir,
      caddyDataDir: source.caddyDataDir,
      loginCodeFile: source.loginCodeFile,
    });
    // On PostgreSQL, recordings and images are rows: written out as the files they were in
    // DATA_DIR, which they win over (docs/decisions/164).
    const fromTable = new Set(
      source.dialect === 'postgres' ? await stageMediaRows(source.db, join(staging, 'data')) : [],
    );
    const files = [...onDisk.filter((rel) => !fromTable.has(rel)), ...fromTable].sort();
    // Copied first, so a file rewritten meanwhile cannot differ from its checksum.
    for (const rel of onDisk) {
      if (fromTable.has(rel)) continue;
      const to = join(staging, 'data', rel);
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(source.dataDir, rel), to);
    }
    const { ca, note } = source.caddyDataDir ? await readCaddyCa(source.caddyDataDir) : {};
    const names = [
      ...Object.keys(counts).map((t) => `db/${t}.jsonl`),
      ...files.map((f) => `data/${f}`),
      ...(ca ? await stageCaddyCa(ca, staging) : []),
    ];
    const checksums: Record<string, string> = {};
    for (const name of names) checksums[name] = await sha256File(join(staging, name));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app_version: appVersion(),
      migration,
      created_at: new Date(now).toISOString(),
      dialect: source.dialect,
      reason: options.reason,
      encrypted: Boolean(options.passphrase),
      counts,
      files: files.length,
      caddy_ca: Boolean(ca),
      checksums,
    };
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries: ArchiveEntry[] = [];
    for (const name of ['manifest.json', ...names]) {
      const path = join(staging, name);
      entries.push({ name, file: path, size: (await stat(path)).size });
    }
    const bytes = await writeArchive(partial, entries, options.passphrase);
    await rename(partial, file);
    return { file, bytes, manifest, note };
  } catch (error) {
    // Nothing half-written stays: a full disk gets its space back at once.
    await rm(partial, { force: true }).catch(() => undefined);
    throw backupFolderError(error, place);
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Writes one archive of the database, DATA_DIR and Caddy's CA, taken while the server goes on
 * answering; `out` defaults to a timestamped name in the backup folder. `note` says why a CA that
 * is there could not go with it. One at a time per process: a second
 * request while one runs is a 409. A folder that cannot take it (full, missing, read-only) is a
 * 507 naming it, with nothing left behind (docs/decisions/122).
 */
export async function createBackup(
  source: BackupSource,
  options: { out?: string; passphrase?: string; reason: BackupReason },
): Promise<{ file: string; bytes: number; manifest: BackupManifest; note?: string }> {
  if (running) throw conflict('Cadangan lain sedang dibuat. Tunggu sampai selesai, lalu coba lagi.');
  const work = takeBackup(source, options);
  running = work;
  try {
    return await work;
  } finally {
    running = undefined;
  }
}

/** What a file in the backup folder says about itself: its name first, else its manifest, else its date. */
async function describe(dir: string, name: string): Promise<BackupEntry | null> {
  const info = await stat(join(dir, name)).catch(() => null);
  if (!info?.isFile()) return null;
  const m = NAME.exec(name);
  if (m) {
    const [, day = '', time = '', reason = 'lain', sealed] = m;
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}Z`;
    return {
      name,
      bytes: info.size,
      created_at: iso,
      encrypted: Boolean(sealed),
      reason: reason as BackupReason,
    };
  }
  // Another name (an `--out` file, a copy put back by hand): what the archive can tell.
  const path = join(dir, name);
  const encrypted = await isSealed(path).catch(() => false);
  const manifest = encrypted
    ? null
    : ((await readManifestEntry(path).catch(() => null)) as BackupManifest | null);
  return {
    name,
    bytes: info.size,
    created_at: typeof manifest?.created_at === 'string' ? manifest.created_at : info.mtime.toISOString(),
    encrypted,
    reason: manifest && REASONS.includes(manifest.reason) ? manifest.reason : 'lain',
  };
}

const REASONS: readonly string[] = ['manual', 'jadwal', 'migrasi'] satisfies BackupReason[];

/**
 * The backups in a folder, newest first (an absent folder, or a path through a file, has none); a
 * file that cannot be read is listed with what is known.
 */
export async function listBackups(dir: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw backupFolderError(error, { folder: resolve(dir), backupDir: true });
  }
  const out: BackupEntry[] = [];
  for (const name of names.filter(isBackupName)) {
    const entry = await describe(dir, name);
    if (entry) out.push(entry);
  }
  return out.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
}

/** Removes the oldest scheduled backups beyond `keep`; manual and pre-migration ones stay. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  const scheduled = (await listBackups(dir)).filter((b) => b.reason === 'jadwal');
  const old = scheduled.slice(keep);
  for (const b of old) await rm(join(dir, b.name), { force: true });
  return old.map((b) => b.name);
}
