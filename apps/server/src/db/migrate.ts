import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  sql,
  type Transaction,
} from 'kysely';
import { appVersion } from '../lib/app-version';
import * as initial from './migrations/20261121-0001-initial';
import * as otpSendLog from './migrations/20261123-0001-otp-send-log';
import * as consoleKegiatanPenguji from './migrations/20261123-0002-console-kegiatan-penguji';
import * as consolePesertaSoal from './migrations/20261123-0003-console-peserta-soal';
import * as aturanLulus from './migrations/20261123-0004-aturan-lulus';
import * as sahkanTertunda from './migrations/20261123-0005-sahkan-tertunda';
import * as sertifikat from './migrations/20261123-0010-sertifikat';
import * as penugasan from './migrations/20261125-0001-penugasan';
import * as penandatangan from './migrations/20261125-0002-penandatangan';
import * as versi from './migrations/20261126-0001-versi';
import * as simpanNilai from './migrations/20261126-0002-simpan-nilai';
import * as auditSiswa from './migrations/20261126-0003-audit-siswa';
import * as simpanNilaiMurah from './migrations/20261126-0004-simpan-nilai-murah';
import * as cadanganGagal from './migrations/20261128-0001-cadangan-gagal';
import * as tertundaDitolak from './migrations/20261128-0002-tertunda-ditolak';
import * as waPesan from './migrations/20261128-0003-wa-pesan';
import * as demoIsi from './migrations/20261206-0001-demo-isi';
import * as nomorWaRapi from './migrations/20261206-0002-nomor-wa-rapi';
import * as sidikKunci from './migrations/20261206-0004-sidik-kunci';
import * as giliran from './migrations/20261206-0005-giliran';
import * as berkasMedia from './migrations/20261206-0006-berkas-media';
import { NewerDatabaseError, newerDatabaseMessage } from './open-error';
import { applyRoutines } from './routines';
import type { Database } from './types';

// Listed statically so the bundled server carries its migrations; names sort by timestamp.
const MIGRATIONS: Record<string, Migration> = {
  '20261121-0001-initial': initial,
  '20261123-0001-otp-send-log': otpSendLog,
  '20261123-0002-console-kegiatan-penguji': consoleKegiatanPenguji,
  '20261123-0003-console-peserta-soal': consolePesertaSoal,
  '20261123-0004-aturan-lulus': aturanLulus,
  '20261123-0005-sahkan-tertunda': sahkanTertunda,
  '20261123-0010-sertifikat': sertifikat,
  '20261125-0001-penugasan': penugasan,
  '20261125-0002-penandatangan': penandatangan,
  '20261126-0001-versi': versi,
  '20261126-0002-simpan-nilai': simpanNilai,
  '20261126-0003-audit-siswa': auditSiswa,
  '20261126-0004-simpan-nilai-murah': simpanNilaiMurah,
  '20261128-0001-cadangan-gagal': cadanganGagal,
  '20261128-0002-tertunda-ditolak': tertundaDitolak,
  '20261128-0003-wa-pesan': waPesan,
  '20261206-0001-demo-isi': demoIsi,
  '20261206-0002-nomor-wa-rapi': nomorWaRapi,
  '20261206-0004-sidik-kunci': sidikKunci,
  '20261206-0005-giliran': giliran,
  '20261206-0006-berkas-media': berkasMedia,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * The schema unqualified tables go to on PostgreSQL (the search_path's first), or undefined on
 * SQLite. Kysely otherwise looks its bookkeeping tables up in every schema, and takes another
 * schema's for ours (a URL with `options=-c search_path=…`, as the CLI tests use, beside others).
 */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * The migration level of a database as one SQL text for any connection (a backup's snapshot reads
 * it on its own connection, inside its own transaction): the newest migration run, or null.
 */
export const MIGRATION_LEVEL_SQL = 'select max(name) as name from kysely_migration';

/** The migrations this version knows, oldest first: the last is the level a new database gets. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

async function migratorOf(db: Kysely<Database>, schema?: string): Promise<Migrator> {
  // With several schemas in one database the bookkeeping tables must be looked up in ours only.
  const tableSchema = schema ?? (await currentSchema(db));
  return new Migrator({ db, provider, ...(tableSchema ? { migrationTableSchema: tableSchema } : {}) });
}

/** The migrations run on this database, whichever release ran them; none on a new one. */
async function executedMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const tableSchema = schema ?? (await currentSchema(db));
  const { rows: present } = tableSchema
    ? await sql<{ n: number }>`select 1 as n from information_schema.tables
        where table_schema = ${tableSchema} and table_name = 'kysely_migration'`.execute(db)
    : await sql<{ n: number }>`select 1 as n from sqlite_master
        where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (present.length === 0) return [];
  const table = sql.table(tableSchema ? `${tableSchema}.kysely_migration` : 'kysely_migration');
  const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Refuses, changing nothing, a database a newer release has migrated: this one would misread what
 * that one wrote (docs/decisions/157). One line names both levels and the way back.
 */
async function refuseNewerDatabase(db: Kysely<Database>, schema?: string): Promise<void> {
  const known = new Set(MIGRATION_NAMES);
  const unknown = (await executedMigrations(db, schema)).filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  throw new NewerDatabaseError(
    newerDatabaseMessage(unknown, { version: appVersion(), level: MIGRATION_NAMES.at(-1) ?? '' }),
  );
}

/** The migrations not yet run on this database (all of them on a new one). */
export async function pendingMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const all = await (await migratorOf(db, schema)).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Runs the migrations up to and including `name` (a database left at an older level, as tests need). */
export async function migrateTo(db: Kysely<Database>, name: string, schema?: string): Promise<void> {
  const migrator = await migratorOf(db, schema);
  const { error, results } = await oneAtATime(db, () => migrator.migrateTo(name));
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Migrasi ${failed} gagal: ${String(error)}`, { cause: error });
  }
}

/**
 * Names the migration mutex among the database's advisory locks. One database at a time, whatever
 * the schema: a migration may change the database itself (JIT off, 20261126-0001-versi), and two
 * such changes at once, in two schemas of one database, fail with "tuple concurrently updated".
 */
export const MIGRATION_LOCK_KEY = 7_346_002;

/**
 * Creates the tables of a database that has none, up to and including migration `name`, inside
 * the caller's transaction, and records those migrations the way Kysely's Migrator does (its
 * `kysely_migration` table; the lock table it makes itself later). A restore so creates and fills
 * the tables in one transaction: a failure leaves the target as it was (docs/decisions/098).
 */
export async function migrateWithin(trx: Transaction<Database>, name: string): Promise<void> {
  const upTo = MIGRATION_NAMES.indexOf(name);
  if (upTo < 0) throw new Error(`Migrasi ${name} tidak dikenal versi ini.`);
  // The database's migration mutex, until the restore commits (see oneAtATime).
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}, 0)`.execute(trx);
  await trx.schema
    .createTable('kysely_migration')
    .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
    .execute();
  const at = new Date().toISOString();
  for (const migration of MIGRATION_NAMES.slice(0, upTo + 1)) {
    await (MIGRATIONS[migration] as Migration).up(trx);
    await sql`insert into kysely_migration (name, timestamp) values (${migration}, ${at})`.execute(trx);
  }
}

/** Runs `work` holding the database's migration mutex on PostgreSQL; SQLite has one process. */
async function oneAtATime<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY}, 0)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}, 0)`.execute(conn);
    }
  });
}

/**
 * Brings the schema up to date, then its PostgreSQL routines (those whose text changed: db/routines.ts,
 * docs/decisions/143), all under the migration lock; true when the database was new (no migration had run).
 * `beforeMigrate` runs first when migrations are pending on a database that already has some
 * (the server takes a backup there: docs/decisions/096).
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  schema?: string,
  beforeMigrate?: (pending: string[]) => Promise<void>,
): Promise<{ fresh: boolean }> {
  const migrator = await migratorOf(db, schema);
  // Processes starting together (WORKERS=N) wait here: the first backs up and migrates, the others
  // then find nothing pending, so one backup is taken and none reads tables being changed.
  return oneAtATime(db, async () => {
    await refuseNewerDatabase(db, schema);
    if (beforeMigrate) {
      const all = await migrator.getMigrations();
      const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
      if (pending.length > 0 && pending.length < all.length) await beforeMigrate(pending);
    }
    const result = await runMigrations(migrator);
    await applyRoutines(db);
    return result;
  });
}

async function runMigrations(migrator: Migrator): Promise<{ fresh: boolean }> {
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Migrasi ${failed} gagal: ${String(error)}`, { cause: error });
  }
  // Fresh only for the process that ran the first migration, so two starting together seed once.
  const first = Object.keys(MIGRATIONS)[0];
  const fresh = (results ?? []).some((r) => r.migrationName === first && r.status === 'Success');
  return { fresh };
}
