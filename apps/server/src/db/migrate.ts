import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import * as initial from './migrations/20261121-0001-initial';
import * as otpSendLog from './migrations/20261123-0001-otp-send-log';
import * as consoleKegiatanPenguji from './migrations/20261123-0002-console-kegiatan-penguji';
import * as consolePesertaSoal from './migrations/20261123-0003-console-peserta-soal';
import * as aturanLulus from './migrations/20261123-0004-aturan-lulus';
import * as sahkanTertunda from './migrations/20261123-0005-sahkan-tertunda';
import * as sertifikat from './migrations/20261123-0010-sertifikat';
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

/** Brings the schema up to date; true when the database was new (no migration had run). */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<{ fresh: boolean }> {
  // With several schemas in one database the bookkeeping tables must be looked up in ours only.
  const tableSchema = schema ?? (await currentSchema(db));
  const migrator = new Migrator({
    db,
    provider,
    ...(tableSchema ? { migrationTableSchema: tableSchema } : {}),
  });
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
