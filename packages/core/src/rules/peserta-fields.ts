import type { TINGKAT_WILAYAH } from './impor-teks';

// A participant's own fields, described once (docs/decisions/150). The import columns, the field
// labels, the console's contract (PesertaInput, PanitiaPeserta), the server's import row and
// stored row, the fields an import holds back for an examined participant, and the console's
// form are all read from this list. A plain new field is one entry here, a migration and its
// column in the server's db/types.ts (docs/changing.md).

/**
 * What a field holds, and so how it is read: `nomor` a whole number, `nama` a person's name
 * (tidied on import), `teks` text, `wilayah` a region level named in files and chosen in the
 * console (stored as `id_<kolom>`).
 */
export type JenisIsian = 'nomor' | 'nama' | 'teks' | 'wilayah';

/** One field of a participant. */
export interface IsianPeserta {
  /** The stored column (a region: its level; the column is `id_<kolom>`), the API's key. */
  kolom: string;
  /** Its name in messages and forms (FIELD_LABELS, docs/decisions/107). */
  label: string;
  /** The header of the import template and preview. */
  judul: string;
  /** Other headers an import file may use for it. */
  sinonim: readonly string[];
  jenis: JenisIsian;
  /** Must be filled: an import file needs the column and a value; the console's form a value. */
  wajib: boolean;
  /**
   * The import's key: a row with another value is another participant. The console's form may
   * leave it empty on a new participant (the event's next free number).
   */
  kunci?: boolean;
  /** The smallest and largest value of a `nomor`. */
  min?: number;
  /** The largest value of a `nomor`, or the longest text the console takes. */
  max?: number;
  /** The longest text an import file may give (where it is not the console's max). */
  maxImpor?: number;
  /**
   * Printed on score sheets, the recap and certificates: an import changing it on an examined
   * participant waits for the committee's confirmation (docs/decisions/149).
   */
  dijaga: boolean;
  /** The value of the template's example row. */
  contoh: string | number;
  /** The template's cells hold text: a leading 0 (a phone number) survives Excel. */
  selTeks?: boolean;
  /** How the console's form shows it; a region is chosen in the region selects instead. */
  form?: {
    /** Its label there when it is not `label`. */
    label?: string;
    /** The whole width of the form, or half of it beside another field. */
    lebar: 'penuh' | 'separuh';
    /** The hint under an empty field of a new participant. */
    petunjukBaru?: string;
  };
}

/** Other headers a person's name column may have, in a participant's or an examiner's file. */
export const SINONIM_NAMA_ORANG = ['Nama Lengkap', 'Nama Peserta', 'Nama Siswa', 'Nama Penguji'] as const;

/** A region level's entry: named as the level, required, and held back on an examined participant. */
const wilayah = <K extends (typeof TINGKAT_WILAYAH)[number]>(kolom: K, label: string, contoh: string) =>
  ({
    kolom,
    label,
    judul: label,
    sinonim: [],
    jenis: 'wilayah',
    wajib: true,
    maxImpor: 200,
    dijaga: true,
    contoh,
  }) as const;

/** A participant's fields, in the import template's order. */
export const PESERTA_FIELDS = [
  {
    kolom: 'no_urut',
    label: 'No. urut',
    judul: 'No. Urut',
    sinonim: ['Nomor Urut', 'No', 'Nomor', 'No. Peserta', 'Nomor Peserta', 'Urut'],
    jenis: 'nomor',
    wajib: true,
    kunci: true,
    min: 1,
    max: 1_000_000,
    dijaga: false,
    contoh: 1,
    form: { label: 'No urut', lebar: 'separuh', petunjukBaru: 'Kosongkan: nomor berikutnya' },
  },
  {
    kolom: 'nama',
    label: 'Nama',
    judul: 'Nama',
    sinonim: SINONIM_NAMA_ORANG,
    jenis: 'nama',
    wajib: true,
    max: 120,
    maxImpor: 200,
    dijaga: true,
    contoh: 'Ani Lestari (contoh)',
    form: { lebar: 'penuh' },
  },
  wilayah('perwapus', 'Perwapus', 'Perwapus Madiun Raya'),
  wilayah('cabang', 'Cabang', 'Cabang Kota Madiun'),
  wilayah('ranting', 'Ranting', 'Ranting Taman'),
  wilayah('rayon', 'Rayon', 'Rayon Demangan'),
  {
    kolom: 'provinsi',
    label: 'Provinsi',
    judul: 'Provinsi',
    sinonim: [],
    jenis: 'teks',
    wajib: false,
    max: 80,
    maxImpor: 200,
    dijaga: true,
    contoh: 'Jawa Timur',
    form: { lebar: 'separuh' },
  },
] as const satisfies readonly IsianPeserta[];

/** One entry of PESERTA_FIELDS, with its literal types. */
export type PesertaField = (typeof PESERTA_FIELDS)[number];

/** A field the participant row stores itself (not a region). */
export type PesertaFieldSendiri = Exclude<PesertaField, { jenis: 'wilayah' }>;

/** A stored field besides the key: what an import or the console's form writes as it is. */
export type PesertaFieldData = Exclude<PesertaFieldSendiri, { kunci: true }>;

/** The value a field holds: a number for a `nomor`, text otherwise. */
export type NilaiIsian<F> = F extends { jenis: 'nomor' } ? number : string;

/** The stored fields besides the key and the regions, with their values ({nama, provinsi}). */
export type DataPeserta = { [F in PesertaFieldData as F['kolom']]: NilaiIsian<F> };

/** The fields the participant row stores itself, no_urut included. */
export const PESERTA_FIELDS_SENDIRI = PESERTA_FIELDS.filter(
  (f): f is PesertaFieldSendiri => f.jenis !== 'wilayah',
);

/** The stored fields besides the key and the regions (what siswaRow copies). */
export const PESERTA_FIELDS_DATA = PESERTA_FIELDS_SENDIRI.filter(
  (f): f is PesertaFieldData => !('kunci' in f && f.kunci),
);

/** The field that says which participant an import row is (no_urut). */
export const PESERTA_KUNCI = PESERTA_FIELDS.find((f) => 'kunci' in f && f.kunci)?.kolom as Extract<
  PesertaField,
  { kunci: true }
>['kolom'];

/** The fields whose change on an examined participant waits for a confirmation (docs/decisions/149). */
export const PESERTA_DIJAGA: readonly string[] = PESERTA_FIELDS.filter((f) => f.dijaga).map((f) => f.kolom);

/** Each field's label by key, the regions' id columns too (`id_rayon` → "Rayon"). */
export const PESERTA_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PESERTA_FIELDS.flatMap((f) =>
    f.jenis === 'wilayah'
      ? [
          [`id_${f.kolom}`, f.label],
          [f.kolom, f.label],
        ]
      : [[f.kolom, f.label]],
  ),
);
