import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The WhatsApp outbox (docs/decisions/138): every message sent through a gateway, its state
// (antre, terkirim, gagal) and the reason of its last failure, kept across restarts and seen by
// every server process. `isi` and `kode` hold the message only while it waits; they are emptied
// when it is sent, given up, or its `kedaluwarsa_at` (a login code's end) passes.

type Table = CreateTableBuilder<string, never>;

function withId(db: Kysely<unknown>, table: Table, name: string): Table {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Adds the outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wa_pesan'), 'id')
    .addColumn('no_wa', 'text', (c) => c.notNull())
    .addColumn('id_pemilih', 'integer')
    .addColumn('jenis', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('isi', 'text')
    .addColumn('kode', 'text')
    .addColumn('alasan', 'text')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('id_gateway', 'text')
    .addColumn('percobaan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('berikut_at', 'bigint', (c) => c.notNull())
    .addColumn('kedaluwarsa_at', 'bigint')
    .addColumn('dibuat_at', 'bigint', (c) => c.notNull())
    .addColumn('diperbarui_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wa_pesan_status_berikut')
    .on('wa_pesan')
    .columns(['status', 'berikut_at'])
    .execute();
  await db.schema.createIndex('wa_pesan_no_wa_id').on('wa_pesan').columns(['no_wa', 'id']).execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wa_pesan').execute();
}
