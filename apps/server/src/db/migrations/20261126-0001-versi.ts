import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Data versions without a hot row (docs/decisions/118). A take used to bump one `meta` row per
// event ('flags:<id_ukt>') and a score write another ('nilai:<id_ukt>'), inside their
// transactions: every writer of an event queued on that row's lock until the commit. Now:
// - each participant row carries `versi`, set from a sequence by every take and release (on
//   SQLite, one writer at a time, from the event's highest plus one): an event's flags version is
//   its participants' highest `versi`, one seek in siswa_ukt_versi;
// - an event's scores version is its highest audit_log id (scored means an audit row exists,
//   decision 040), one seek in audit_log_ukt_id.
// A take on PostgreSQL is one round trip and one commit: `ukt_ambil` checks the Idempotency-Key,
// share-locks the event while it is not ratified (a ratification waits for it, decision 041), sets
// the post flag where the participant is in the event, in the examiner's scope, not withdrawn and
// not held by another, and keeps the answer with the key. It answers 'ulang' (the key's kept
// answer), 'tolak' (nothing written: Node then finds out why) or 'diambil'.
// And the planner's JIT off for the whole database (or, without the right to, for this role): the
// examiners' statements are small and many, and compiling cost more than running (decision 118).

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Adds siswa.versi, its sequence and the two version indexes; turns JIT off on PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('siswa')
    .addColumn('versi', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('siswa_ukt_versi').on('siswa').columns(['id_ukt', 'versi']).execute();
  await db.schema.createIndex('audit_log_ukt_id').on('audit_log').columns(['id_ukt', 'id']).execute();
  await sql`delete from meta where key like 'flags:%' or key like 'nilai:%'`.execute(db);
  if (!isPostgres(db)) return;
  // Owned by the column and its default, so a restore moves it past the restored rows like a serial.
  await sql`create sequence siswa_versi_seq owned by siswa.versi`.execute(db);
  await sql`alter table siswa alter column versi set default nextval('siswa_versi_seq')`.execute(db);
  await sql`
    create function ukt_ambil(
      p_owner integer, p_key text, p_hash text, p_now bigint, p_answer text,
      p_siswa integer, p_ukt integer, p_org integer, p_col text, p_admin boolean,
      p_perwapus integer, p_cabang integer
    ) returns table (hasil text, status_code integer, response text, request_hash text)
    language plpgsql as $$
    declare
      kept record;
    begin
      if p_key is not null then
        select i.request_hash, i.status_code, i.response into kept
          from idempotency i where i.id_pemilih = p_owner and i.key = p_key;
        if found then
          return query select 'ulang'::text, kept.status_code, kept.response, kept.request_hash;
          return;
        end if;
      end if;
      perform 1 from ukt u
        where u.id_ukt = p_ukt and u.id_organisasi = p_org and u.disahkan_at is null for share;
      if not found then
        return query select 'tolak'::text, null::integer, null::text, null::text;
        return;
      end if;
      update siswa s set
        sudah_keshan = case when p_col = 'sudah_keshan' then p_owner else s.sudah_keshan end,
        sudah_tes = case when p_col = 'sudah_tes' then p_owner else s.sudah_tes end,
        sudah_fisik = case when p_col = 'sudah_fisik' then p_owner else s.sudah_fisik end,
        sudah_sambung = case when p_col = 'sudah_sambung' then p_owner else s.sudah_sambung end,
        versi = nextval('siswa_versi_seq')
      where s.id_siswa = p_siswa and s.id_ukt = p_ukt and s.mundur = 0
        and coalesce(case p_col when 'sudah_keshan' then s.sudah_keshan when 'sudah_tes' then s.sudah_tes
          when 'sudah_fisik' then s.sudah_fisik when 'sudah_sambung' then s.sudah_sambung end, p_owner) = p_owner
        and (p_admin or (s.id_perwapus = p_perwapus and s.id_cabang = p_cabang));
      if not found then
        return query select 'tolak'::text, null::integer, null::text, null::text;
        return;
      end if;
      if p_key is not null then
        insert into idempotency (id_pemilih, key, request_hash, status_code, response, created_at)
          values (p_owner, p_key, p_hash, 200, p_answer, p_now)
          on conflict (id_pemilih, key) do nothing;
      end if;
      return query select 'diambil'::text, 200, p_answer, p_hash;
    end
    $$`.execute(db);
  await sql`
    do $$
    begin
      execute format('alter database %I set jit = off', current_database());
    exception when insufficient_privilege then
      execute 'alter role current_user set jit = off';
    end
    $$`.execute(db);
}

/** Removes them again (the old meta versions start from zero, which any cache takes as new). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop function if exists ukt_ambil`.execute(db);
  await db.schema.dropIndex('audit_log_ukt_id').execute();
  await db.schema.dropIndex('siswa_ukt_versi').execute();
  await db.schema.alterTable('siswa').dropColumn('versi').execute();
}
