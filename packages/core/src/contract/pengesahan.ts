import { ZONA_WAKTU } from '../rules/dates';
import { z } from '../zod';

// The people who sign the documents, and what the console shows before an event is ratified
// (DESIGN §10, §11; docs/decisions/110, 111).

// ---------------------------------------------------------------- penandatangan

/** The signatories the documents know: who signs the piagam and who signs the berita acara. */
export const PENANDATANGAN = ['ketua_panitia', 'sekretaris_panitia', 'ketua_organisasi', 'penguji'] as const;
export type PenandatanganKey = (typeof PENANDATANGAN)[number];

/** Who signs which document, left to right. */
export const PENANDATANGAN_DOKUMEN = {
  piagam: ['ketua_panitia', 'ketua_organisasi'],
  berita_acara: ['ketua_panitia', 'sekretaris_panitia', 'penguji'],
} as const satisfies Record<string, readonly PenandatanganKey[]>;

/** The title a signatory prints under when the committee has not named one. */
export const JABATAN_BAWAAN: Record<PenandatanganKey, string> = {
  ketua_panitia: 'Ketua Panitia UKT',
  sekretaris_panitia: 'Sekretaris Panitia',
  ketua_organisasi: 'Ketua Cabang',
  penguji: 'Perwakilan Dewan Penguji',
};

/** One signatory: a title and a name; an empty name leaves a line to write the name by hand. */
export const Penandatangan = z.object({
  jabatan: z.string().trim().max(80, { error: 'jabatan paling panjang 80 karakter' }).default(''),
  nama: z.string().trim().max(100, { error: 'nama paling panjang 100 karakter' }).default(''),
});
export type Penandatangan = z.infer<typeof Penandatangan>;

const kosong = () => ({ jabatan: '', nama: '' });

/** Body and answer of GET/PUT /panitia/organisasi/penandatangan: every signatory of the organisation. */
export const PenandatanganSet = z.object({
  ketua_panitia: Penandatangan.default(kosong),
  sekretaris_panitia: Penandatangan.default(kosong),
  ketua_organisasi: Penandatangan.default(kosong),
  penguji: Penandatangan.default(kosong),
});
export type PenandatanganSet = z.infer<typeof PenandatanganSet>;

/**
 * The answer of GET /panitia/kegiatan/{id_ukt}/penandatangan: the event's own signatories (PUT
 * replaces them) and the organisation's, which fill in whatever the event leaves empty.
 */
export const PenandatanganKegiatan = z.object({
  kegiatan: PenandatanganSet,
  organisasi: PenandatanganSet,
});
export type PenandatanganKegiatan = z.infer<typeof PenandatanganKegiatan>;

/** The signatories an event's documents print: each title and name the event sets, else the organisation's. */
export function gabungPenandatangan(
  organisasi: PenandatanganSet,
  kegiatan: PenandatanganSet,
): PenandatanganSet {
  const set = { ...organisasi };
  for (const key of PENANDATANGAN) {
    set[key] = {
      jabatan: kegiatan[key].jabatan || organisasi[key].jabatan,
      nama: kegiatan[key].nama || organisasi[key].nama,
    };
  }
  return set;
}

/** A signatory as printed: the committee's title, or the default one. */
export function jabatanOf(set: PenandatanganSet, key: PenandatanganKey): Penandatangan {
  const p = set[key];
  return { jabatan: p.jabatan || JABATAN_BAWAAN[key], nama: p.nama };
}

// ---------------------------------------------------------------- sahkan

/**
 * The answer of GET /panitia/kegiatan/{id_ukt}/sahkan: what ratifying now would seal. The
 * console asks for an explicit confirmation when anything is incomplete, phones still hold
 * scores, or the exam's last day is still ahead (docs/decisions/111).
 */
export const SahkanRingkasan = z.object({
  disahkan: z.boolean(),
  /** Participants who are not withdrawn. */
  peserta: z.number(),
  lengkap: z.number(),
  belum_lengkap: z.number(),
  lulus: z.number(),
  tidak_lulus: z.number(),
  mundur: z.number(),
  /** Scores examiners' phones last reported as not sent yet, and how many phones hold them. */
  tertunda: z.object({ hp: z.number(), nilai: z.number() }),
  /** The exam's last day (YYYY-MM-DD) and whether today (in the organisation's zone) is before it. */
  hari_terakhir_ujian: z.string(),
  sebelum_hari_ujian: z.boolean(),
  /** The date (YYYY-MM-DD) the piagam and berita acara would be signed if ratified now. */
  tanggal_tanda_tangan: z.string(),
  /** The organisation's zone those days are counted in (UKT_ZONA_WAKTU): WIB, WITA or WIT. */
  zona_waktu: z.enum(ZONA_WAKTU),
  /** The reason of the ratification in force when it was done early, else null. */
  alasan_lebih_awal: z.string().nullable(),
});
export type SahkanRingkasan = z.infer<typeof SahkanRingkasan>;

/**
 * True when ratifying now needs the committee's tick: participants incomplete or scores still on
 * phones. An exam day still ahead needs more: "Sahkan lebih awal" with a reason (docs/decisions/140).
 */
export function perluKonfirmasi(r: SahkanRingkasan): boolean {
  return r.belum_lengkap > 0 || r.tertunda.nilai > 0;
}
