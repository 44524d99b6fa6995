import { constants, createReadStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Kysely } from 'kysely';
import semver from 'semver';
import { createDialect } from '../../db/dialect';
import { MIGRATION_NAMES, migrateToLatest, migrateWithin } from '../../db/migrate';
import type { Database } from '../../db/types';
import { appVersion } from '../../lib/app-version';
import { badRequest } from '../../lib/errors';
import { mediaNamesOf, restoreMediaRows } from '../media/media-backup';
import { extractArchive, type Unpacked } from './archive-extract';
import { dropEverything, insertRows, listTables, type Row, syncAllSequences } from './backup.repository';
import { BACKUP_FORMAT, type BackupManifest } from './backup.service';
import { sha256File, sqliteFileOf } from './backup-files';
import { caddyCaOf, installCaddyCa, refuseUnwritableCaddyDir } from './caddy-ca';
import { afterCommit, type RestoreStep, restoreError } from './restore-errors';
import {
  caddyDataDirOf,
  isInside,
  missingFolders,
  type RestoreTarget,
  refuseDataOverDatabase,
  refuseOccupiedTarget,
  refuseServerOnTarget,
  targetContents,
} from './restore-target';

// A restore looks at its target first (a server using it, another installation's database, rows
// or files), then checks the whole archive in a private work folder, copies its files beside the
// data folder's, fills the database in one transaction, and only then puts the files in place,
// Caddy's CA last (docs/decisions/096, 098, 124, 132). Whatever fails before the commit leaves the
// target as it was.

export type { RestoreTarget } from './restore-target';

/** How a restore may go beyond the safe default. */
export interface RestoreOptions {
  /** Replaces a target that holds rows or files (never another installation's SQLite database). */
  force?: boolean;
  passphrase?: string;
  /** Restores even while a server uses the target database (`--selagi-server-jalan`). */
  whileServerRuns?: boolean;
}

const ROWS_PER_STEP = 2_000;
const DATA = 'data/';
const SQLITE_FILES = ['', '-wal', '-shm', '-journal'];

async function readManifest(dir: string, names: string[]): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw badRequest('Berkas cadangan rusak: manifest tidak dapat dibaca.');
  }
  if (
    typeof manifest.app_version !== 'string' ||
    typeof manifest.migration !== 'string' ||
    typeof manifest.counts !== 'object' ||
    manifest.counts === null
  ) {
    throw badRequest('Berkas cadangan rusak: manifest tidak lengkap.');
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw badRequest(
      `Format cadangan ${manifest.format} tidak dikenal versi aplikasi ini (format ${BACKUP_FORMAT}).`,
    );
  }
  refuseNewerApp(manifest);
  const listed = Object.keys(manifest.checksums).sort();
  const present = names.filter((n) => n !== 'manifest.json').sort();
  if (listed.join('\n') !== present.join('\n')) {
    throw badRequest('Berkas cadangan tidak lengkap: isinya tidak sama dengan manifest.');
  }
  for (const name of listed) {
    if ((await sha256File(join(dir, name))) !== manifest.checksums[name]) {
      throw badRequest(`Berkas cadangan rusak: ${name} tidak sesuai checksum-nya.`);
    }
  }
  return manifest;
}

/**
 * Refuses an archive this version cannot know the meaning of: a migration level it lacks, or a
 * newer app version even at a level it has (that app may have written values this one misreads).
 * A `migrasi` copy is taken before the newer version changed anything: its data is the older
 * version's, so going back to that version restores it.
 */
function refuseNewerApp(manifest: BackupManifest): void {
  const ours = appVersion();
  // An app version that is not a semantic version is not taken for a newer one.
  const comparable = semver.valid(manifest.app_version) !== null && semver.valid(ours) !== null;
  const newer = comparable && semver.gt(manifest.app_version, ours);
  const knownLevel = MIGRATION_NAMES.includes(manifest.migration);
  if (knownLevel && (!newer || manifest.reason === 'migrasi')) return;
  const level = knownLevel ? '' : ` dan tingkat migrasi ${manifest.migration} yang belum dikenal versi ini`;
  throw badRequest(
    `Cadangan ini dibuat oleh UKT Penguji versi ${manifest.app_version}${level}; yang terpasang di sini versi ${ours}. Perbarui aplikasi ke versi ${manifest.app_version} atau yang lebih baru, lalu pulihkan lagi.`,
  );
}

async function* jsonLines(file: string, table: string): AsyncGenerator<Row[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let chunk: Row[] = [];
  for await (const line of lines) {
    if (!line) continue;
    try {
      chunk.push(JSON.parse(line) as Row);
    } catch {
      throw badRequest(`Berkas cadangan tidak sah: baris tabel ${table} bukan JSON yang utuh.`);
    }
    if (chunk.length === ROWS_PER_STEP) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** One transaction: the old schema goes, the archive's level is created and filled (docs/decisions/098). */
async function fillDatabase(
  db: Kysely<Database>,
  unpacked: Unpacked,
  manifest: BackupManifest,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await dropEverything(trx);
    await migrateWithin(trx, manifest.migration);
    const known = new Set(await listTables(trx));
    for (const table of Object.keys(manifest.counts)) {
      if (!known.has(table)) throw badRequest(`Berkas cadangan tidak sah: tabel ${table} tidak dikenal.`);
      if (!unpacked.names.includes(`db/${table}.jsonl`)) {
        throw badRequest(`Berkas cadangan tidak lengkap: baris tabel ${table} tidak ada.`);
      }
      let n = 0;
      for await (const rows of jsonLines(join(unpacked.dir, 'db', `${table}.jsonl`), table)) {
        await insertRows(trx, table, rows);
        n += rows.length;
      }
      if (n !== manifest.counts[table]) {
        throw badRequest(
          `Berkas cadangan tidak sah: ${table} berisi ${n} baris, manifest ${manifest.counts[table]}.`,
        );
      }
    }
    await syncAllSequences(trx);
  });
}

/** A private work folder inside the data folder, for the archive's files until the commit. */
async function stagingFolder(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const staged = await mkdtemp(join(dataDir, '.sementara-pulihkan-'));
  await chmod(staged, 0o700);
  return staged;
}

/**
 * Copies the archive's data files into the staging folder (a full or read-only disk shows here,
 * before the database is touched), each readable by its owner only.
 */
async function stageDataFiles(unpacked: Unpacked, staged: string, names: string[]): Promise<void> {
  for (const name of names) {
    const to = join(staged, name);
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    await copyFile(join(unpacked.dir, DATA, name), to, constants.COPYFILE_EXCL);
    await chmod(to, 0o600);
  }
}

/** Puts the staged files in place, after the old ones a forced restore replaces are gone. */
async function putInPlace(staged: string, dataDir: string, names: string[], old: string[]): Promise<void> {
  const keep = new Set(names);
  for (const rel of old) if (!keep.has(rel)) await rm(join(dataDir, rel), { force: true });
  for (const name of names) {
    const to = join(dataDir, name);
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    await rename(join(staged, name), to);
  }
}

const openTarget = (target: RestoreTarget) =>
  new Kysely<Database>({
    dialect: createDialect(target.databaseUrl, { pgSchema: target.pgSchema, restoring: true }),
  });

/**
 * Restores an archive into an empty database and data folder, and its Caddy CA into Caddy's
 * folder; `notes` are the lines the committee reads about that CA. A server using the target database
 * is refused (unless `whileServerRuns`), and so are another installation's SQLite database in the
 * data folder (always) and a target holding rows or files (unless `force`, which replaces them).
 * Nothing is written until every checksum holds; every error is an AppError in plain words.
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
  options: RestoreOptions = {},
): Promise<{ manifest: BackupManifest; notes: string[] }> {
  const sqliteFile = sqliteFileOf(target.databaseUrl);
  // What did not exist before is removed again by a failed restore.
  const created = [...missingFolders(target.dataDir), ...(sqliteFile ? missingFolders(sqliteFile) : [])];
  const newSqliteFile = sqliteFile !== undefined && !existsSync(sqliteFile);
  let step: RestoreStep = 'tujuan';
  let db: Kysely<Database> | undefined;
  let work: string | undefined;
  let staged: string | undefined;
  try {
    if (!newSqliteFile) db = openTarget(target);
    if (!options.whileServerRuns) await refuseServerOnTarget(db, target);
    const there = await targetContents(db, target);
    refuseOccupiedTarget(target, there, options.force === true);

    step = 'sementara';
    work = await mkdtemp(join(tmpdir(), 'ukt-pulihkan-'));
    await chmod(work, 0o700);
    step = 'arsip';
    const unpacked = await extractArchive(file, work, options.passphrase);
    const manifest = await readManifest(unpacked.dir, unpacked.names);
    const caddyDir = caddyDataDirOf(target);
    // Caddy's folder inside the data folder is written only as its CA: never by a data file.
    const dataNames = unpacked.names
      .filter((n) => n.startsWith(DATA))
      .map((n) => n.slice(DATA.length))
      .filter((n) => !isInside(resolve(target.dataDir, n), caddyDir));
    refuseDataOverDatabase(target, dataNames);
    const ca = await caddyCaOf(unpacked);
    if (ca) await refuseUnwritableCaddyDir(caddyDir, ca);

    step = 'data';
    staged = await stagingFolder(target.dataDir);
    await stageDataFiles(unpacked, staged, dataNames);
    step = 'database';
    db ??= openTarget(target);
    await fillDatabase(db, unpacked, manifest);
    // Older levels are brought to this version's once the data is in.
    step = 'migrasi';
    await migrateToLatest(db, target.pgSchema);
    step = 'berkas';
    // On PostgreSQL, recordings and images become rows every machine reads (docs/decisions/164).
    const asRows = sqliteFile === undefined ? mediaNamesOf(dataNames) : [];
    await restoreMediaRows(db, staged, asRows);
    const rows = new Set(asRows);
    const asFiles = dataNames.filter((name) => !rows.has(name));
    await putInPlace(staged, target.dataDir, asFiles, options.force ? there.files : []);
    step = 'caddy';
    const notes = ca ? await installCaddyCa(caddyDir, ca, new Date()) : [];
    return { manifest, notes };
  } catch (error) {
    throw restoreError(error, step, target);
  } finally {
    await db?.destroy().catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
    if (staged) await rm(staged, { recursive: true, force: true });
    const failedBeforeCommit = !afterCommit(step);
    if (failedBeforeCommit && newSqliteFile) {
      for (const suffix of SQLITE_FILES) await rm(`${sqliteFile}${suffix}`, { force: true });
    }
    if (failedBeforeCommit) for (const dir of created) await rm(dir, { recursive: true, force: true });
  }
}
