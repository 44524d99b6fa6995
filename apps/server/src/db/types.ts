import type { NilaiField, NilaiKolom } from '@ukt/core';
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
  /** The committee's current announcement ('' for none). */
  pengumuman: Generated<string>;
  /** Uploaded banners as JSON: [{slot, ext, v}] (modules/organisasi/gambar.store.ts). */
  banners: Generated<string>;
  /** The uploaded logo as JSON {ext, v}, or '' while the logo column's value applies. */
  logo_gambar: Generated<string>;
  /** The documents' signatories as JSON (core's PenandatanganSet), or '' for none named yet. */
  penandatangan: Generated<string>;
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
  /** 0 once the committee deactivated them: no sign-in, no session (docs/decisions/036). */
  aktif: Generated<number>;
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
  /** 1 when archived: out of the examiners' event list, data kept. */
  arsip: Generated<number>;
  /** When the committee ratified the event (null: a draft); while set every score write is refused. */
  disahkan_at: string | null;
  /** The admin who ratified it. */
  disahkan_oleh: number | null;
  /** The event's own signatories as JSON (core's PenandatanganSet), over the organisation's; null: none. */
  penandatangan: Generated<string | null>;
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
  /** 1 once withdrawn: out of every examiner picker, kept in records (docs/decisions/037). */
  mundur: Generated<number>;
  /** Set fresh by every take and release: an event's highest is its flags version (decision 118). */
  versi: Generated<number | string>;
}

/** The score columns of SPEC §3 and their _plus bonuses: core's NILAI_FIELDS (docs/decisions/167). */
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

/** True: a score column core describes (NILAI_KOLOM) that the score record lacks does not compile. */
type Holds<T extends true> = T;
export type EveryScoreColumnStored = Holds<
  [Exclude<NilaiKolom, keyof NilaiTable>] extends [never] ? true : false
>;

/** Where a change came from (DESIGN §10): a phone or the API, a committee correction, an import. */
export type AuditSource = 'aplikasi' | 'koreksi' | 'impor' | 'pengesahan';

/** One change: who, when, which field, old and new value, why, and where it came from. */
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
  /** Why, when a person or a rule said so ('Dilepas panitia', 'Kunci jawaban soal no 3 diubah'). */
  reason: string | null;
  source: Generated<AuditSource>;
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

/** One answer of a stored KESHAN answer sheet (docs/decisions/037); jawaban null when left blank. */
export interface KeshanJawabanTable {
  id_ukt: number;
  id_siswa: number;
  id_tingkat: number;
  id_soal: number;
  jawaban: string | null;
}

/** How many writes an examiner's phone last said it still holds (no score content), and when. */
export interface PengujiTertundaTable {
  id_pemilih: number;
  jumlah: number;
  at: string;
  /** The event the reporting request named, or the one reported before. */
  id_ukt: number | null;
  /** How many of those writes the server refused (docs/decisions/125); 0 until a phone says. */
  ditolak: Generated<number>;
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

/** One version of an event's pass rule (docs/decisions/040); the highest versi is the current rule. */
export interface AturanLulusTable {
  id: Generated<number>;
  id_ukt: number;
  versi: number;
  /** The rule as JSON (core's PassRuleSchema). */
  aturan: string;
  created_at: string;
  id_pemilih: number;
}

/** A piagam issued to a participant of a ratified event (docs/decisions/043). */
export interface SertifikatTable {
  /** The random code of the public check /verifikasi/{kode}. */
  kode: string;
  id_ukt: number;
  id_siswa: number;
  /** Its place in the event's issue order, the number part of `nomor`. */
  urut: number;
  /** The certificate number printed on the piagam. */
  nomor: string;
  created_at: string;
}

/** An examiner assigned to an event (docs/decisions/109): pos 1–4, or 0 for every post. */
export interface PenugasanTable {
  id_ukt: number;
  id_pemilih: number;
  pos: number;
}

/** Small counters, e.g. the roster and flags versions the list caches are tagged with. */
/** The last failed scheduled backup of a backup folder, until one succeeds (docs/decisions/122). */
export interface CadanganGagalTable {
  folder: string;
  /** When it failed, ms since the epoch. */
  gagal_at: number;
  /** What the committee reads: why, and what to do. */
  pesan: string;
}

export interface MetaTable {
  key: string;
  value: number;
}

/** A message through a WhatsApp gateway and its delivery state (docs/decisions/138). */
export interface WaPesanTable {
  id: Generated<number>;
  no_wa: string;
  id_pemilih: number | null;
  /** otp (a login code), tautan (a login link), or another kind of message. */
  jenis: string;
  /** antre (waiting or between tries), terkirim (the gateway took it), gagal (given up). */
  status: string;
  /** The text while it waits; null once sent, given up or past kedaluwarsa_at. */
  isi: string | null;
  /** A login code while it waits (a template gateway's parameter); null as isi. */
  kode: string | null;
  /** Why the last try failed (while antre) or why it was given up (gagal). */
  alasan: string | null;
  gateway: string;
  id_gateway: string | null;
  percobaan: number;
  /** When the next try is due (ms). */
  berikut_at: number;
  /** After this (ms) the message is useless and never sent: a login code's end. */
  kedaluwarsa_at: number | null;
  dibuat_at: number;
  diperbarui_at: number;
}

/** A row the demo made, so a trial run can be removed again (docs/decisions/154). */
export interface DemoIsiTable {
  /** The table the row is in: penguji, ukt, siswa, soal, perwapus, cabang, ranting or rayon. */
  tabel: string;
  id: number;
  id_organisasi: number;
}

/** The fingerprint of the key that signs this database's codes and links, one row (docs/decisions/159). */
export interface SidikKunciTable {
  id: number;
  /** HMAC-SHA256 of a fixed label under the key, hex: never the key. */
  sidik: string;
  dibuat_at: number;
}

/** A timed task's lease and last run, shared by every process of the database (docs/decisions/160). */
export interface TugasBerkalaTable {
  nama: string;
  /** The process that runs it while its lease holds. */
  pemegang: string | null;
  /** When the lease ends unless renewed (ms). */
  sampai_at: number;
  /** When it last ran to the end (ms), or null. */
  terakhir_at: number | null;
}

/** Per WhatsApp gateway, the earliest start of its next message by the database's clock (ms; docs/decisions/160). */
export interface WaJedaTable {
  gateway: string;
  berikut_at: number;
}

/** A recording or image on PostgreSQL, named as its path under DATA_DIR (docs/decisions/164). */
export interface BerkasMediaTable {
  nama: string;
  /** Its content type (audio/webm, image/jpeg …). */
  jenis: string;
  ukuran: number;
  /** Hex SHA-256 of isi. */
  sha256: string;
  isi: Buffer;
  created_at: number;
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
  keshan_jawaban: KeshanJawabanTable;
  aturan_lulus: AturanLulusTable;
  sertifikat: SertifikatTable;
  penugasan: PenugasanTable;
  penguji_tertunda: PengujiTertundaTable;
  otp_code: OtpCodeTable;
  otp_state: OtpStateTable;
  otp_send: OtpSendTable;
  rate_hit: RateHitTable;
  sesi: SesiTable;
  idempotency: IdempotencyTable;
  meta: MetaTable;
  cadangan_gagal: CadanganGagalTable;
  wa_pesan: WaPesanTable;
  demo_isi: DemoIsiTable;
  sidik_kunci: SidikKunciTable;
  tugas_berkala: TugasBerkalaTable;
  wa_jeda: WaJedaTable;
  berkas_media: BerkasMediaTable;
}
