import type { NilaiField } from '@ukt/core';
import type { Generated } from 'kysely';

// Row types of every table, as the migrations create them. Times are ISO strings; the
// limit tables keep epoch milliseconds so their atomic updates can do arithmetic.

/** The organisation's config row (SPEC §3); logo_height is the app's logoHeight. */
export interface OrganisasiTable {
  id_organisasi: number;
  nama_organisasi: string;
  website: string;
  visi: string;
  ketua: string;
  nama: string;
  nama0: string;
  nama1: string;
  nama2: string;
  moto: string;
  kota: string;
  warna: string;
  warna2: string;
  warna3: string;
  warna4: string;
  img_banner: string;
  logo_height: string;
  logo: string;
  created_at: string;
  update_at: string;
}

/** A region level (perwapus, cabang, ranting, rayon) under its parent (perwapus: the organisation). */
export interface RegionTable {
  id: Generated<number>;
  id_parent: number;
  nama: string;
}

/** An examiner (penguji) of an organisation, found by normalised WhatsApp number. */
export interface PengujiTable {
  id_pemilih: Generated<number>;
  id_organisasi: number;
  no_wa: string;
  nama: string;
  id_perwapus: number | null;
  id_cabang: number | null;
  panitia: string;
  dewan: number;
  img_profile: string;
  created_at: string;
}

/** An exam event; id_ukt is the committee's own number. */
export interface UktTable {
  id_ukt: Generated<number>;
  id_organisasi: number;
  nama_ukt: string;
  nama_kegiatan: string;
  tanggal_tes: string;
  akhir_tes: string | null;
  id_tingkat: number;
}

/** A participant of one event, with who took them at each post (sudah_*: an id_pemilih). */
export interface SiswaTable {
  id_siswa: Generated<number>;
  id_ukt: number;
  no_urut: number;
  nama: string;
  nama_cari: string;
  provinsi: string;
  id_perwapus: number;
  id_cabang: number;
  id_ranting: number;
  id_rayon: number;
  sudah_keshan: number | null;
  sudah_tes: number | null;
  sudah_fisik: number | null;
  sudah_sambung: number | null;
}

/** The score columns of SPEC §3 and their _plus bonuses. */
export type ScoreColumns = { [K in NilaiField | `${NilaiField}_plus`]: number };

/** The score record of a participant at a belt level in an event (SPEC §3), physical pairs included. */
export interface NilaiTable extends ScoreColumns {
  id_nilai: Generated<number>;
  id_siswa: number;
  id_ukt: number;
  id_tingkat: number;
  nilai_mft: string;
  nilai_mft2: number;
  nilai_pushup: number;
  nilai_pushup2: number;
  nilai_sperperut_atas: number;
  nilai_sperperut_atas2: number;
  nilai_sperperut_bawah: number;
  nilai_sperperut_bawah2: number;
  nilai_plank: number;
  nilai_plank2: number;
  nilai_fisik2: number;
  created_at: string;
  update_at: string;
  del: number;
}

/** One score change: who, when, which field, old and new value. */
export interface AuditTable {
  id: Generated<number>;
  at: string;
  id_pemilih: number;
  id_siswa: number;
  id_ukt: number;
  id_tingkat: number;
  field: string;
  old_value: number | null;
  new_value: number;
}

/** A KESHAN question with its answer key (never sent to the app). */
export interface SoalTable {
  id_soal: Generated<number>;
  id_organisasi: number;
  id_tingkat: number;
  no: number;
  soal_tanya: string;
  a: string;
  b: string;
  c: string;
  d: string;
  jawaban_benar: string;
}

/** The live login code of a number, as its HMAC, with the tries used. */
export interface OtpCodeTable {
  no_wa: string;
  code_hash: string;
  expires_at: number;
  tries: number;
}

/** Per-number login limits: last send, the hour window, failures and the lock. */
export interface OtpStateTable {
  no_wa: string;
  last_sent_at: number;
  failures: number;
  locked_until: number;
}

/** One code sent to a number, kept for an hour: the sliding hour of the per-number send limit. */
export interface OtpSendTable {
  no_wa: string;
  sent_at: number;
}

/** A fixed-window counter (per-IP limits). */
export interface RateHitTable {
  key: string;
  window_start: number;
  count: number;
}

/** A session or login-link token, as its HMAC. */
export interface SesiTable {
  token_hash: string;
  id_pemilih: number;
  kind: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An Idempotency-Key of an examiner and the first answer given for it. */
export interface IdempotencyTable {
  id_pemilih: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: number;
}

/** Small counters, e.g. the roster and flags versions the list caches are tagged with. */
export interface MetaTable {
  key: string;
  value: number;
}

/** The whole schema, for Kysely's types. */
export interface Database {
  organisasi: OrganisasiTable;
  perwapus: RegionTable;
  cabang: RegionTable;
  ranting: RegionTable;
  rayon: RegionTable;
  penguji: PengujiTable;
  ukt: UktTable;
  siswa: SiswaTable;
  nilai: NilaiTable;
  audit_log: AuditTable;
  soal: SoalTable;
  otp_code: OtpCodeTable;
  otp_state: OtpStateTable;
  otp_send: OtpSendTable;
  rate_hit: RateHitTable;
  sesi: SesiTable;
  idempotency: IdempotencyTable;
  meta: MetaTable;
}
