import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/20261121-0001-initial';
import type { Database } from './types';

// Listed statically so the bundled server carries its migrations; names sort by timestamp.
const MIGRATIONS: Record<string, Migration> = {
  '20261121-0001-initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; true when the database was new (no migration had run). */
export async function migrateToLatest(db: Kysely<Database>): Promise<{ fresh: boolean }> {
  const migrator = new Migrator({ db, provider });
  const before = await migrator.getMigrations();
  const fresh = before.every((m) => !m.executedAt);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Migrasi ${failed} gagal: ${String(error)}`);
  }
  return { fresh };
}
