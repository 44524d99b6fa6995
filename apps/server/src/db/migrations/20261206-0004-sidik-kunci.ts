import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The fingerprint of the server key that signs this database's codes and links (docs/decisions/159):
// an HMAC of a fixed label under the key, never the key. The first server process on the database
// records it; a process whose key differs, or that has no key, refuses to start instead of signing
// certificates and login links that the other machines would not accept. One row.

/** Adds the fingerprint table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sidik_kunci')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sidik', 'text', (c) => c.notNull())
    .addColumn('dibuat_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sidik_kunci').execute();
}
