-- ukt_simpan_nilai: an examiner's score write on PostgreSQL in one round trip and one commit
-- (docs/decisions/116, 119): the Idempotency-Key claimed with its answer, the checks in
-- saveNilai's order, the record's row lock, the audit rows, the values. A refusal answers which
-- check refused (hasil_kode) and the holder (hasil_pemegang); Node words it (outcomeOf in
-- nilai.service.ts, docs/decisions/169). Its TypeScript twin is saveNilai and its checks in
-- nilai.service.ts (SQLite), each part listed in test/parity/twins.ts;
-- test/parity/simpan-nilai.parity.test.ts runs both on the same situations, and
-- `npm run pg-checked -w apps/server` records both sides once they pass on PostgreSQL.
--
-- The server applies this file whenever its text changes (docs/decisions/143): edit it here, never
-- in a migration. The UPDATE below lists every score column of `nilai` (a column added later must
-- be listed here too: the parity suite's every-column row and its column check fail until it is).
-- A change of the arguments or of the result needs a `drop function if exists` of the old
-- signature above the `create or replace`.

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
    where f.key not like 'nilai\_%' or not (v_before ? f.key)
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

  update nilai n set
    nilai_senam = case when v_values ? 'nilai_senam' then r.nilai_senam else n.nilai_senam end,
    nilai_senam_plus = case when v_values ? 'nilai_senam_plus' then r.nilai_senam_plus else n.nilai_senam_plus end,
    nilai_jurus = case when v_values ? 'nilai_jurus' then r.nilai_jurus else n.nilai_jurus end,
    nilai_jurus_plus = case when v_values ? 'nilai_jurus_plus' then r.nilai_jurus_plus else n.nilai_jurus_plus end,
    nilai_pasang = case when v_values ? 'nilai_pasang' then r.nilai_pasang else n.nilai_pasang end,
    nilai_pasang_plus = case when v_values ? 'nilai_pasang_plus' then r.nilai_pasang_plus else n.nilai_pasang_plus end,
    nilai_sambung = case when v_values ? 'nilai_sambung' then r.nilai_sambung else n.nilai_sambung end,
    nilai_sambung_plus = case when v_values ? 'nilai_sambung_plus' then r.nilai_sambung_plus else n.nilai_sambung_plus end,
    nilai_kshan = case when v_values ? 'nilai_kshan' then r.nilai_kshan else n.nilai_kshan end,
    nilai_kshan_plus = case when v_values ? 'nilai_kshan_plus' then r.nilai_kshan_plus else n.nilai_kshan_plus end,
    nilai_toyak = case when v_values ? 'nilai_toyak' then r.nilai_toyak else n.nilai_toyak end,
    nilai_toyak_plus = case when v_values ? 'nilai_toyak_plus' then r.nilai_toyak_plus else n.nilai_toyak_plus end,
    nilai_blati = case when v_values ? 'nilai_blati' then r.nilai_blati else n.nilai_blati end,
    nilai_blati_plus = case when v_values ? 'nilai_blati_plus' then r.nilai_blati_plus else n.nilai_blati_plus end,
    nilai_kripen = case when v_values ? 'nilai_kripen' then r.nilai_kripen else n.nilai_kripen end,
    nilai_kripen_plus = case when v_values ? 'nilai_kripen_plus' then r.nilai_kripen_plus else n.nilai_kripen_plus end,
    nilai_teknik = case when v_values ? 'nilai_teknik' then r.nilai_teknik else n.nilai_teknik end,
    nilai_teknik_plus = case when v_values ? 'nilai_teknik_plus' then r.nilai_teknik_plus else n.nilai_teknik_plus end,
    nilai_toyak_jurus = case when v_values ? 'nilai_toyak_jurus' then r.nilai_toyak_jurus else n.nilai_toyak_jurus end,
    nilai_toyak_jurus_plus = case when v_values ? 'nilai_toyak_jurus_plus' then r.nilai_toyak_jurus_plus else n.nilai_toyak_jurus_plus end,
    nilai_toyak_senam = case when v_values ? 'nilai_toyak_senam' then r.nilai_toyak_senam else n.nilai_toyak_senam end,
    nilai_toyak_senam_plus = case when v_values ? 'nilai_toyak_senam_plus' then r.nilai_toyak_senam_plus else n.nilai_toyak_senam_plus end,
    nilai_mft = case when v_values ? 'nilai_mft' then r.nilai_mft else n.nilai_mft end,
    nilai_mft2 = case when v_values ? 'nilai_mft2' then r.nilai_mft2 else n.nilai_mft2 end,
    nilai_pushup = case when v_values ? 'nilai_pushup' then r.nilai_pushup else n.nilai_pushup end,
    nilai_pushup2 = case when v_values ? 'nilai_pushup2' then r.nilai_pushup2 else n.nilai_pushup2 end,
    nilai_sperperut_atas = case when v_values ? 'nilai_sperperut_atas' then r.nilai_sperperut_atas else n.nilai_sperperut_atas end,
    nilai_sperperut_atas2 = case when v_values ? 'nilai_sperperut_atas2' then r.nilai_sperperut_atas2 else n.nilai_sperperut_atas2 end,
    nilai_sperperut_bawah = case when v_values ? 'nilai_sperperut_bawah' then r.nilai_sperperut_bawah else n.nilai_sperperut_bawah end,
    nilai_sperperut_bawah2 = case when v_values ? 'nilai_sperperut_bawah2' then r.nilai_sperperut_bawah2 else n.nilai_sperperut_bawah2 end,
    nilai_plank = case when v_values ? 'nilai_plank' then r.nilai_plank else n.nilai_plank end,
    nilai_plank2 = case when v_values ? 'nilai_plank2' then r.nilai_plank2 else n.nilai_plank2 end,
    nilai_fisik2 = case when v_values ? 'nilai_fisik2' then r.nilai_fisik2 else n.nilai_fisik2 end, update_at = p_at
  from json_populate_record(null::nilai, p_values) r
  where n.id_siswa = p_id_siswa and n.id_ukt = p_id_ukt and n.id_tingkat = p_id_tingkat;

  return query select 200, 'ok'::text, null::integer, null::text;
end
$fn$;
