import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Kysely } from 'kysely';
import { createDialect } from '../../db/dialect';
import { MIGRATION_NAMES, migrateToLatest, migrateWithin } from '../../db/migrate';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { extractArchive } from './archive';
import {
  dropAllTables,
  insertRows,
  listTables,
  nonEmptyTables,
  type Row,
  syncAllSequences,
} from './backup.repository';
import { BACKUP_FORMAT, type BackupManifest } from './backup.service';
import { dataFiles, sha256File, sqliteFileOf } from './backup-files';

// A restore checks the whole archive before it touches anything, fills an empty database in one
// transaction and only then writes the data folder (docs/decisions/096).

/** Where a restore writes. */
export interface RestoreTarget {
  databaseUrl: string;
  dataDir: string;
  pgSchema?: string;
  /** Left alone by the emptiness check and by a forced restore (defaults to none). */
  backupDir?: string;
}

const ROWS_PER_STEP = 2_000;

async function readManifest(dir: string, names: string[]): Promise<BackupManifest> {
  if (!names.includes('manifest.json'))
    throw badRequest('Berkas ini bukan cadangan UKT Penguji (manifest tidak ada).');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw badRequest('Berkas cadangan rusak: manifest tidak dapat dibaca.');
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw badRequest(
      `Format cadangan ${manifest.format} tidak dikenal versi aplikasi ini (format ${BACKUP_FORMAT}).`,
    );
  }
  if (!MIGRATION_NAMES.includes(manifest.migration)) {
    throw badRequest(
      `Cadangan ini dari versi aplikasi yang lebih baru (${manifest.app_version}, migrasi ${manifest.migration}). Perbarui aplikasi dulu, lalu pulihkan lagi.`,
    );
  }
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

async function* jsonLines(file: string): AsyncGenerator<Row[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let chunk: Row[] = [];
  for await (const line of lines) {
    if (!line) continue;
    chunk.push(JSON.parse(line) as Row);
    if (chunk.length === ROWS_PER_STEP) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Why a target is not empty, in words, or null when it is. */
async function whatIsThere(db: Kysely<Database>, target: RestoreTarget): Promise<string | null> {
  const rows = await nonEmptyTables(db);
  const files = await dataFiles(target.dataDir, {
    sqliteFile: sqliteFileOf(target.databaseUrl),
    backupDir: target.backupDir,
  });
  const parts: string[] = [];
  const tables = Object.entries(rows);
  if (tables.length > 0) {
    const total = tables.reduce((sum, [, n]) => sum + n, 0);
    parts.push(`database berisi ${total} baris (${tables.map(([t, n]) => `${t} ${n}`).join(', ')})`);
  }
  if (files.length > 0) parts.push(`folder data ${target.dataDir} berisi ${files.length} berkas`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * Restores an archive into an empty database and data folder; a target that holds anything is
 * refused unless `force`, which replaces all of it. Nothing is written until every checksum holds;
 * the database is filled in one transaction, then migrated to this version, then the files follow.
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
  options: { force?: boolean; passphrase?: string } = {},
): Promise<{ manifest: BackupManifest }> {
  const staging = await mkdtemp(join(tmpdir(), 'ukt-pulihkan-'));
  let db: Kysely<Database> | undefined;
  try {
    const names = await extractArchive(file, staging, options.passphrase);
    const manifest = await readManifest(staging, names);

    db = new Kysely<Database>({ dialect: createDialect(target.databaseUrl, { pgSchema: target.pgSchema }) });
    const there = await whatIsThere(db, target);
    if (there && !options.force) {
      throw conflict(
        `Tujuan pemulihan tidak kosong: ${there}. Tidak ada yang diubah. Pakai --force untuk menimpa seluruh isinya.`,
      );
    }
    // One transaction: the old tables go (with force), the archive's level is created and filled,
    // the serials move past the ids; any failure leaves the target as it was (docs/decisions/098).
    await db.transaction().execute(async (trx) => {
      await dropAllTables(trx);
      await migrateWithin(trx, manifest.migration);
      const known = new Set(await listTables(trx));
      for (const table of Object.keys(manifest.counts)) {
        if (!known.has(table)) throw badRequest(`Berkas cadangan tidak sah: tabel ${table} tidak dikenal.`);
        let n = 0;
        for await (const rows of jsonLines(join(staging, 'db', `${table}.jsonl`))) {
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
    // Older levels are brought to this version's once the data is in.
    await migrateToLatest(db, target.pgSchema);

    if (options.force) {
      const old = await dataFiles(target.dataDir, {
        sqliteFile: sqliteFileOf(target.databaseUrl),
        backupDir: target.backupDir,
      });
      for (const rel of old) await rm(join(target.dataDir, rel), { force: true });
    }
    for (const name of names.filter((n) => n.startsWith('data/'))) {
      const to = join(target.dataDir, name.slice('data/'.length));
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(staging, name), to);
    }
    return { manifest };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(500, `Pemulihan gagal: ${(error as Error).message}`);
  } finally {
    await db?.destroy();
    await rm(staging, { recursive: true, force: true });
  }
}
