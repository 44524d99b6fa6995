import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/20261121-0001-initial';
import * as otpSendLog from './migrations/20261123-0001-otp-send-log';
import type { Database } from './types';

// Listed statically so the bundled server carries its migrations; names sort by timestamp.
const MIGRATIONS: Record<string, Migration> = {
  '20261121-0001-initial': initial,
  '20261123-0001-otp-send-log': otpSendLog,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; true when the database was new (no migration had run). */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<{ fresh: boolean }> {
  // With several schemas in one database the bookkeeping tables must be looked up in ours only.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
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
