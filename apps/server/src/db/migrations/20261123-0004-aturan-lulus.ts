import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The pass rule of an event, stored with it and versioned (DESIGN §10, docs/decisions/038, 040):
// every change adds a row (versi 1, 2, …), the highest is the current rule; an event without a
// row uses the default rule as version 0. Results are never stored: the recap recomputes them.
//
// The recap reads a whole event at once (docs/decisions/040): the score records of an event by
// belt, and which score fields were ever written (the audit log, grouped), from indexes alone.

type Table = CreateTableBuilder<string, never>;

function withId(db: Kysely<unknown>, table: Table, name: string): Table {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Adds the rule versions and the recap's indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('aturan_lulus'), 'id')
    .addColumn('id_ukt', 'integer', (c) => c.notNull())
    .addColumn('versi', 'integer', (c) => c.notNull())
    // The rule as JSON (core's PassRuleSchema).
    .addColumn('aturan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('id_pemilih', 'integer', (c) => c.notNull())
    .addUniqueConstraint('aturan_lulus_ukt_versi', ['id_ukt', 'versi'])
    .execute();

  await db.schema.createIndex('nilai_ukt_tingkat').on('nilai').columns(['id_ukt', 'id_tingkat']).execute();
  await db.schema
    .createIndex('audit_log_ukt_field')
    .on('audit_log')
    .columns(['id_ukt', 'field', 'id_siswa', 'id_tingkat'])
    .execute();
}

/** Removes them again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_ukt_field').execute();
  await db.schema.dropIndex('nilai_ukt_tingkat').execute();
  await db.schema.dropTable('aturan_lulus').execute();
}
