import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The per-number limit of 5 codes an hour becomes a sliding hour: every send is kept for an hour
// in otp_send, and the fixed-window columns of otp_state go.

/** Adds the send log and drops the fixed hour window. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_send')
    .addColumn('no_wa', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('otp_send_no_wa_sent_at')
    .on('otp_send')
    .columns(['no_wa', 'sent_at'])
    .execute();
  await db.schema.alterTable('otp_state').dropColumn('hour_start').execute();
  await db.schema.alterTable('otp_state').dropColumn('hour_count').execute();
}

/** Restores the fixed hour window. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('otp_state')
    .addColumn('hour_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('otp_state')
    .addColumn('hour_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('otp_send').execute();
}
