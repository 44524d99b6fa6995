import { AUDIT_FIELD_LABELS } from './rules/audit-fields';
import { NILAI_KOLOM } from './rules/nilai-kolom';
import { KOMPONEN } from './rules/pass-rule';
import { PESERTA_LABELS } from './rules/peserta-fields';

// Every field of the API and the database by the name the committee knows it (docs/decisions/107):
// messages, forms and export headers say "Nama UKT wajib diisi", never "nama_ukt wajib diisi".

/** The Indonesian name of each field key, as the console's forms label it. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // kegiatan
  id_ukt: 'ID kegiatan',
  nama_ukt: 'Nama UKT',
  nama_kegiatan: 'Nama kegiatan',
  tanggal_tes: 'Tanggal tes',
  akhir_tes: 'Akhir tes',
  id_tingkat: 'Tingkat',
  tingkat: 'Tingkat',
  sabuk: 'Sabuk',
  arsip: 'Arsip',
  disahkan: 'Disahkan',
  // peserta: its fields and regions (an examiner's nama, perwapus and cabang are named alike)
  ...PESERTA_LABELS,
  // penguji
  id_pemilih: 'ID penguji',
  no_wa: 'Nomor WhatsApp',
  panitia: 'Peran panitia',
  dewan: 'Dewan',
  aktif: 'Aktif',
  kode: 'Kode OTP',
  token: 'Token',
  // peserta
  id_siswa: 'ID peserta',
  mundur: 'Mundur',
  pos: 'Pos',
  sudah_keshan: 'Pos KESHAN',
  sudah_tes: 'Pos TEKNIK',
  sudah_fisik: 'Pos FISIK',
  sudah_sambung: 'Pos SAMBUNG',
  // soal
  id_soal: 'ID soal',
  no: 'Nomor soal',
  soal_tanya: 'Pertanyaan',
  a: 'Pilihan A',
  b: 'Pilihan B',
  c: 'Pilihan C',
  d: 'Pilihan D',
  jawaban_benar: 'Kunci jawaban',
  // organisasi
  id_organisasi: 'Organisasi',
  nama_organisasi: 'Nama organisasi',
  kota: 'Kota',
  warna: 'Warna utama',
  warna2: 'Warna 2',
  warna3: 'Warna 3',
  warna4: 'Warna 4',
  pengumuman: 'Pengumuman',
  slot: 'Tempat gambar',
  // impor
  jenis: 'Jenis data',
  // hasil
  komponen: 'Komponen',
  key: 'Komponen',
  ujian: 'Ujian',
  belum_dinilai: 'Ujian',
  bobot: 'Bobot',
  minimum: 'Nilai minimum',
  nilai_minimum: 'Nilai akhir minimum',
  predikat: 'Predikat',
  'predikat.sampai': 'Batas predikat',
  sampai: 'Sampai',
  nilai: 'Nilai',
  nilai_akhir: 'Nilai akhir',
  status: 'Status',
  alasan: 'Alasan',
  field: 'Kolom',
  dari: 'Dari',
  sumber: 'Sumber',
  urut: 'Urutan',
  arah: 'Arah urutan',
  format: 'Format berkas',
  // the examiners' app
  id: 'ID',
  posUjian: 'Pos ujian',
  data: 'Data',
  jawaban: 'Jawaban',
  nilai_mft: 'Level Lari MFT',
  nilai_mft2: 'Nilai Lari MFT',
  nilai_pushup: 'Push Up',
  nilai_pushup2: 'Nilai Push Up',
  nilai_sperperut_atas: 'Sper Perut Atas',
  nilai_sperperut_atas2: 'Nilai Sper Perut Atas',
  nilai_sperperut_bawah: 'Sper Perut Bawah',
  nilai_sperperut_bawah2: 'Nilai Sper Perut Bawah',
  nilai_plank: 'Plank',
  nilai_plank2: 'Nilai Plank',
  nilai_fisik2: 'Nilai FISIK',
  // lists
  cari: 'Pencarian',
  hal: 'Halaman',
  // cadangan
  name: 'Nama cadangan',
  passphrase: 'Kata sandi',
  ...Object.fromEntries(KOMPONEN.map((k) => [k.key, k.label])),
};

/** A key nobody named: its words, first one capitalised ('tanda_tangan' → 'Tanda tangan'). */
function wordsOf(key: string): string {
  const words = key.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A name inside a sentence: 'Ketua panitia' → 'ketua panitia', but 'KESHAN' and 'ID soal' stay. */
function inSentence(name: string): string {
  return /^[A-Z][A-Z]/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** The component a score column's own spelling names when it is not a component's key ('blati' → 'belati'). */
const EJAAN_KOLOM: Readonly<Record<string, string>> = Object.fromEntries(
  NILAI_KOLOM.filter((k) => k.tambahan)
    .map((k) => [k.kolom.slice('nilai_'.length), k.key])
    .filter(([ejaan]) => !NILAI_KOLOM.some((k) => k.key === ejaan)),
);

/** A component's name as a score column writes it ('blati' is the column's spelling of BELATI). */
function komponenWords(key: string): string {
  return FIELD_LABELS[EJAAN_KOLOM[key] ?? key] ?? key.replace(/_+/g, ' ');
}

/**
 * The Indonesian name of one field key, e.g. 'nama_ukt' → 'Nama UKT'; a score column by its
 * component: 'nilai_jurus' → 'Nilai JURUS', 'nilai_jurus_plus' → 'Nilai tambahan JURUS'.
 */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const plus = /^nilai_(.+)_plus$/.exec(key);
  if (plus?.[1]) return `Nilai tambahan ${komponenWords(plus[1])}`;
  const score = /^nilai_([a-z_]+)$/.exec(key);
  if (score?.[1]) return `Nilai ${komponenWords(score[1])}`;
  return wordsOf(key);
}

/** An audit row's field as the committee reads it, e.g. 'nilai_jurus_plus' → 'Nilai tambahan JURUS' (docs/decisions/106). */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? fieldLabel(field);
}

/**
 * The name of the field a validation path points at: its last key, for an item of a list the list
 * and the item's number ('komponen', 0, 'bobot' → 'Bobot komponen ke-1'), for a field of a group
 * the group ('ketua_panitia', 'nama' → 'Nama ketua panitia').
 */
export function pathLabel(path: readonly PropertyKey[]): string {
  const keys = path.map(String);
  const last = keys.at(-1);
  if (last === undefined) return '';
  const index = keys.at(-2);
  const list = keys.at(-3);
  // A field named by its group: a grade band's 'sampai' is its upper bound.
  const named = list !== undefined ? FIELD_LABELS[`${list}.${last}`] : undefined;
  if (named && index !== undefined && /^\d+$/.test(index)) return `${named} ke-${Number(index) + 1}`;
  if (/^\d+$/.test(last)) return `${fieldLabel(keys.at(-2) ?? '')} ke-${Number(last) + 1}`;
  if (index !== undefined && /^\d+$/.test(index) && list !== undefined) {
    const item = fieldLabel(last);
    const of = inSentence(fieldLabel(list));
    return `${item}${item.toLowerCase() === of ? '' : ` ${of}`} ke-${Number(index) + 1}`;
  }
  if (index !== undefined) return `${fieldLabel(last)} ${inSentence(fieldLabel(index))}`;
  return fieldLabel(last);
}

/**
 * A validation message as a sentence about its field. A message that starts with a capital is
 * already a sentence; any other ('wajib diisi', 'harus 1 sampai 4', 'pencarian terlalu panjang')
 * gets the field's name in front, in place of a name it already starts with: 'Tingkat harus 1
 * sampai 4', 'Pencarian terlalu panjang'.
 */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  if (/^[A-Z]/.test(message)) return message;
  const label = pathLabel(path);
  if (!label) return message.charAt(0).toUpperCase() + message.slice(1);
  const key = path.map(String).findLast((k) => !/^\d+$/.test(k)) ?? '';
  const lower = message.toLowerCase();
  const named = [label, fieldLabel(key), key, key.replace(/_+/g, ' ')]
    .filter(Boolean)
    .find((name) => lower.startsWith(`${name.toLowerCase()} `));
  return `${label} ${named ? message.slice(named.length + 1) : message}`;
}

/** A field's name as a column header of an export: every word capitalised ('no_urut' → 'No. Urut'). */
export function headerLabel(key: string): string {
  return fieldLabel(key).replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );
}
