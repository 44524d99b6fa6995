-- ukt_ambil: a take on PostgreSQL in one round trip and one commit (docs/decisions/118): the
-- Idempotency-Key's kept answer, the event share-locked while it is not ratified, the post flag set
-- where the participant is in the event, in the examiner's scope, not withdrawn and not held by
-- another, and the answer kept with the key. It answers 'ulang' (the key's kept answer), 'tolak'
-- (nothing written: Node then finds out why) or 'diambil'. Its TypeScript twin is takeSiswa in
-- siswa.service.ts, each part listed in test/parity/twins.ts; test/parity/ambil.parity.test.ts runs
-- both on the same situations, and `npm run pg-checked -w apps/server` records both sides once they
-- pass on PostgreSQL.
--
-- The server applies this file whenever its text changes (docs/decisions/143): edit it here, never
-- in a migration. A change of the arguments or of the result needs a `drop function if exists` of
-- the old signature above the `create or replace`.

create or replace function ukt_ambil(
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
$$;
