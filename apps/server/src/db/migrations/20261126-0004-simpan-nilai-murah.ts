import { type Kysely, PostgresAdapter, sql } from 'kysely';
import * as before from './20261126-0002-simpan-nilai';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// ukt_simpan_nilai (migration 20261126-0002, docs/decisions/116) again, cheaper per call
// (docs/decisions/119):
// - the Idempotency-Key is claimed with its answer in one insert: the answer is known before
//   the write, and a refusal still drops the key, so only a committed write leaves it; the key
//   was written twice (claimed, then answered in the same transaction);
// - the values go in by one static UPDATE listing every score column (each set from the given
//   values only when given), which PL/pgSQL plans once per connection; it was dynamic SQL built
//   from the given keys and planned on every call. The columns are those of `nilai` now: a later
//   migration that adds a score column must create the function again.
// Everything else is as in 20261126-0002: the checks, their order, the audit rows, the answers.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Replaces ukt_simpan_nilai on PostgreSQL; nothing on SQLite. */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ column_name: string }>`select column_name::text from information_schema.columns
    where table_schema = current_schema() and table_name = 'nilai' and column_name like 'nilai\\_%'
    order by ordinal_position`.execute(db);
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const setList = rows
    .map(
      ({ column_name: c }) =>
        `${quoted(c)} = case when v_values ? '${c.replaceAll("'", "''")}' then r.${quoted(c)} else n.${quoted(c)} end`,
    )
    .join(',\n        ');
  await sql
    .raw(`
    create or replace function ukt_simpan_nilai(
      p_owner integer,
      p_key text,
      p_hash text,
      p_now_ms bigint,
      p_stale_ms bigint,
      p_answer text,
      p_refused boolean,
      p_id_organisasi integer,
      p_admin boolean,
      p_id_perwapus integer,
      p_id_cabang integer,
      p_id_siswa integer,
      p_id_ukt integer,
      p_id_tingkat integer,
      p_post text,
      p_values json,
      p_at text,
      p_source text,
      p_reason text
    ) returns table (hasil_status integer, hasil_kode text, hasil_pemegang integer, hasil_jawaban text)
    language plpgsql
    as $fn$
    declare
      v_kept record;
      v_disahkan text;
      v_siswa record;
      v_holder integer;
      v_before jsonb;
      v_values jsonb := p_values::jsonb;
    begin
      if p_key is not null then
        insert into idempotency (id_pemilih, key, request_hash, status_code, response, created_at)
        values (p_owner, p_key, p_hash, 200, p_answer, p_now_ms)
        on conflict (id_pemilih, key) do nothing;
        if not found then
          select i.request_hash, i.status_code, i.response, i.created_at into v_kept
          from idempotency i where i.id_pemilih = p_owner and i.key = p_key for update;
          if v_kept.request_hash <> p_hash then
            return query select 422, 'beda'::text, null::integer, null::text;
            return;
          end if;
          if v_kept.status_code is not null and v_kept.response is not null then
            return query select v_kept.status_code, 'ulang'::text, null::integer, v_kept.response;
            return;
          end if;
          if v_kept.created_at >= p_now_ms - p_stale_ms then
            return query select 409, 'diproses'::text, null::integer, null::text;
            return;
          end if;
          -- The first request of this key died before answering: this one takes the key over.
          update idempotency set created_at = p_now_ms, request_hash = p_hash, status_code = 200,
            response = p_answer
          where id_pemilih = p_owner and key = p_key;
        end if;
      end if;

      hasil_status := 200;
      hasil_kode := 'ok';
      if p_refused then
        hasil_status := 403;
        hasil_kode := 'ditolak';
      else
        select u.disahkan_at into v_disahkan
        from ukt u where u.id_ukt = p_id_ukt and u.id_organisasi = p_id_organisasi for share;
        if not found then
          hasil_status := 404;
          hasil_kode := 'kegiatan';
        else
          select s.id_perwapus, s.id_cabang, s.mundur,
                 case p_post
                   when 'sudah_keshan' then s.sudah_keshan
                   when 'sudah_tes' then s.sudah_tes
                   when 'sudah_fisik' then s.sudah_fisik
                   when 'sudah_sambung' then s.sudah_sambung
                 end as holder
          into v_siswa
          from siswa s where s.id_siswa = p_id_siswa and s.id_ukt = p_id_ukt;
          if not found then
            hasil_status := 404;
            hasil_kode := 'siswa';
          elsif not p_admin and (v_siswa.id_perwapus is distinct from p_id_perwapus
                                 or v_siswa.id_cabang is distinct from p_id_cabang) then
            hasil_status := 403;
            hasil_kode := 'luar';
          elsif v_siswa.mundur <> 0 then
            hasil_status := 409;
            hasil_kode := 'mundur';
          elsif v_siswa.holder is not null and v_siswa.holder <> p_owner then
            hasil_status := 409;
            hasil_kode := 'dipegang';
            v_holder := v_siswa.holder;
          elsif v_disahkan is not null then
            hasil_status := 409;
            hasil_kode := 'disahkan';
          end if;
        end if;
      end if;
      if hasil_kode <> 'ok' then
        -- A refusal is not an answer to keep: a retry with the key is checked again.
        if p_key is not null then
          delete from idempotency where id_pemilih = p_owner and key = p_key;
        end if;
        return query select hasil_status, hasil_kode, v_holder, null::text;
        return;
      end if;

      -- The record's row lock and its values now; it is created with zeros when never written.
      insert into nilai as n (id_siswa, id_ukt, id_tingkat, created_at, update_at, del)
      values (p_id_siswa, p_id_ukt, p_id_tingkat, p_at, p_at, 0)
      on conflict (id_siswa, id_ukt, id_tingkat) do update set update_at = n.update_at
      returning to_jsonb(n.*) into v_before;

      if not exists (select 1 from json_each(p_values)) or exists (
        select 1 from json_each(p_values) f
        where f.key not like 'nilai\\_%' or not (v_before ? f.key)
      ) then
        raise exception 'ukt_simpan_nilai: kolom nilai tidak dikenal dalam %', p_values;
      end if;

      -- Audited before the values change: which fields differ from what the record holds now,
      -- or were never written (the audit log is what makes a field "scored", decision 040).
      insert into audit_log (at, id_pemilih, id_siswa, id_ukt, id_tingkat, field, old_value, new_value, reason, source)
      select p_at, p_owner, p_id_siswa, p_id_ukt, p_id_tingkat, f.key,
             case when w.written then (v_before ->> f.key)::double precision end,
             (v_values ->> f.key)::double precision, p_reason, p_source
      from json_each(p_values) with ordinality as f(key, value, n)
      cross join lateral (
        select exists (
          select 1 from audit_log a
          where a.id_ukt = p_id_ukt and a.field = f.key
            and a.id_siswa = p_id_siswa and a.id_tingkat = p_id_tingkat
        ) as written
      ) w
      where json_typeof(f.value) = 'number'
        and ((v_before -> f.key) is distinct from (v_values -> f.key) or not w.written)
      order by f.n;

      update nilai n set ${setList}, update_at = p_at
      from json_populate_record(null::nilai, p_values) r
      where n.id_siswa = p_id_siswa and n.id_ukt = p_id_ukt and n.id_tingkat = p_id_tingkat;

      return query select 200, 'ok'::text, null::integer, null::text;
    end
    $fn$`)
    .execute(db);
}

/** Back to the function of 20261126-0002. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await before.down(db);
  await before.up(db);
}
