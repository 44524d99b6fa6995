import { KSHAN_TINGKAT } from './belts';
import { FISIK_CAP } from './fisik';
import type { Post } from './posts';
import { BONUS_MAX, KSHAN_SCALE, ROW_SCALE, SAMBUNG_SCALE } from './scales';

// A score column, described once (docs/decisions/167). The pass rule's components (KOMPONEN), where
// each is stored and its correction range (KOMPONEN_NILAI, RENTANG_KOMPONEN), the hub's exam links
// (EXAMS) and the picker's marks (EXAM_MARKS), the draw exams' pools, the score bodies the API
// takes (NilaiBody), the record it answers (NilaiRecord), the server's score table type, the field
// and audit labels, the recap's and exports' columns are all read from this list. A new
// rows-and-bonus exam is one entry here and in NILAI_FIELDS, a migration, its line in migrate.ts and
// its line in the routine nilai.pg.sql (docs/changing.md). Rules sit at the bottom of core: this
// file imports nothing from schemas/ or contract/.

/** The lowest and highest score a component's exam can give (its stored value, the extra score included). */
export interface RentangNilai {
  min: number;
  max: number;
}

/** A rows-and-bonus exam: a row average (50–80) plus the extra score 0–5 (SPEC §5, §9). */
const ROW_RANGE: RentangNilai = { min: Math.min(...ROW_SCALE), max: Math.max(...ROW_SCALE) + BONUS_MAX };

/** A draw exam's items: `jumlah` of the numbers 1..`kolam`, each row labelled `<awalan> <n>` (SPEC §9). */
export interface Undian {
  /** How many items the exam's pool holds. */
  kolam: number;
  /** The label of a row before its number, e.g. 'Kripen 3'. */
  awalan: string;
  /** The screen's title, e.g. 'Tes Kripen'. */
  judul: string;
}

/** One scored component of the exam and the score column it is stored in. */
export interface KolomNilai {
  /** The component's key: the pass rule, the recap, corrections and the 'Belum dinilai' filter. */
  key: string;
  /** The score column of the score record (nilai_fisik2: the physical average, the one the recap reads). */
  kolom: `nilai_${string}`;
  /** Its name in the recap and exports (header), the pass rule's reasons, the audit page and messages. */
  label: string;
  /** Its name inside a correction's range message ('nilai pasangan 50 sampai 85'). */
  kata: string;
  /** 'kegiatan': the record at the event's belt level; KSHAN is kept under level 5 (SPEC §9). */
  tingkat: 'kegiatan' | typeof KSHAN_TINGKAT;
  /** The post it is scored at (SPEC §6): 1 KESHAN, 2 TEKNIK, 3 FISIK, 4 SAMBUNG. */
  pos: Exclude<Post, 0>;
  /** The lowest and highest score its exam gives: the console's correction range. */
  rentang: RentangNilai;
  /** The examiner adds an extra score, stored in `<kolom>_plus` ('Nilai tambahan KRIPEN' on the audit page). */
  tambahan: boolean;
  /** The pass rule may count it: it is a component of the rule, the recap and its exports. */
  dihitung: boolean;
  /** The picker's to-do mark: its place in a row, its letter(s) and what they stand for. */
  tanda: { urut: number; huruf: string; label: string };
  /**
   * The hub's exam link: its place, the screen's key (the phone's stored draws and lists are named
   * after it; the component's key when left out), the route and the link's label. `isian` says how
   * the API takes the score: 'baris' a row average plus the extra score as a `{kolom, kolom_plus}`
   * body (a draw exam, `undian`, gets its screen from the list too), 'sendiri' a body of its own.
   */
  ujian: {
    urut: number;
    key?: string;
    path: string;
    label: string;
    isian: 'baris' | 'sendiri';
    undian?: Undian;
  };
}

/** Every component and its score column, in the recap's order (KESHAN and KSHAN share nilai_kshan; the level tells them apart). */
export const NILAI_KOLOM = [
  {
    key: 'keshan',
    kolom: 'nilai_kshan',
    label: 'KESHAN',
    kata: 'KESHAN',
    tingkat: 'kegiatan',
    pos: 1,
    rentang: { min: 0, max: 100 },
    tambahan: true,
    dihitung: true,
    tanda: { urut: 1, huruf: 'K', label: 'KESHAN' },
    ujian: { urut: 1, path: '/SoalUjian', label: 'UJI KESHAN', isian: 'sendiri' },
  },
  {
    key: 'kshan',
    kolom: 'nilai_kshan',
    label: 'KSHAN',
    kata: 'KSHAN',
    tingkat: KSHAN_TINGKAT,
    pos: 1,
    rentang: { min: 0, max: Math.max(...KSHAN_SCALE) },
    tambahan: true,
    dihitung: true,
    tanda: { urut: 2, huruf: 'KS', label: 'KSHAN' },
    ujian: { urut: 2, path: '/UjianKSHAN', label: 'UJI KSHAN', isian: 'sendiri' },
  },
  {
    key: 'jurus',
    kolom: 'nilai_jurus',
    label: 'JURUS',
    kata: 'jurus',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 3, huruf: 'J', label: 'Jurus' },
    ujian: { urut: 5, path: '/UjianJurus', label: 'UJI JURUS', isian: 'baris' },
  },
  {
    key: 'senam',
    kolom: 'nilai_senam',
    label: 'SENAM',
    kata: 'senam',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 4, huruf: 'S', label: 'Senam' },
    ujian: { urut: 3, path: '/UjianSenam', label: 'UJI SENAM', isian: 'baris' },
  },
  {
    key: 'belati',
    kolom: 'nilai_blati',
    label: 'BELATI',
    kata: 'belati',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 5, huruf: 'B', label: 'Belati' },
    ujian: { urut: 7, path: '/UjianBelati', label: 'UJI BELATI', isian: 'baris' },
  },
  {
    key: 'pasang',
    kolom: 'nilai_pasang',
    label: 'PASANG',
    kata: 'pasangan',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 6, huruf: 'P', label: 'Pasang' },
    ujian: { urut: 4, path: '/UjianPasang', label: 'UJI PASANG JURUS', isian: 'sendiri' },
  },
  {
    key: 'toyak_senam',
    kolom: 'nilai_toyak_senam',
    label: 'SENAM TOYAK',
    kata: 'toyak senam',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 8, huruf: 'ST', label: 'Senam Toyak' },
    ujian: {
      urut: 8,
      key: 'toyakSenam',
      path: '/UjianToyakSenam',
      label: 'UJI SENAM TOYAK',
      isian: 'baris',
      undian: { kolam: 20, awalan: 'Senam Toyak', judul: 'Tes Senam Toyak' },
    },
  },
  {
    key: 'toyak_jurus',
    kolom: 'nilai_toyak_jurus',
    label: 'JURUS TOYAK',
    kata: 'toyak jurus',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 9, huruf: 'JT', label: 'Jurus Toyak' },
    ujian: {
      urut: 9,
      key: 'toyakJurus',
      path: '/UjianToyakJurus',
      label: 'UJI JURUS TOYAK',
      isian: 'baris',
      undian: { kolam: 10, awalan: 'Jurus Toyak', judul: 'Tes Jurus Toyak' },
    },
  },
  {
    key: 'kripen',
    kolom: 'nilai_kripen',
    label: 'KRIPEN',
    kata: 'kripen',
    tingkat: 'kegiatan',
    pos: 2,
    rentang: ROW_RANGE,
    tambahan: true,
    dihitung: true,
    tanda: { urut: 7, huruf: 'KR', label: 'Kripen' },
    ujian: {
      urut: 6,
      path: '/UjianKripen',
      label: 'UJI KRIPEN',
      isian: 'baris',
      undian: { kolam: 5, awalan: 'Kripen', judul: 'Tes Kripen' },
    },
  },
  {
    key: 'fisik',
    kolom: 'nilai_fisik2',
    label: 'FISIK',
    kata: 'fisik',
    tingkat: 'kegiatan',
    pos: 3,
    rentang: { min: 0, max: FISIK_CAP },
    tambahan: false,
    dihitung: true,
    tanda: { urut: 10, huruf: 'F', label: 'Fisik' },
    ujian: { urut: 10, path: '/UjianFisik', label: 'UJI FISIK', isian: 'sendiri' },
  },
  {
    key: 'sambung',
    kolom: 'nilai_sambung',
    label: 'SAMBUNG',
    kata: 'SAMBUNG',
    tingkat: 'kegiatan',
    pos: 4,
    rentang: { min: Math.min(...SAMBUNG_SCALE), max: Math.max(...SAMBUNG_SCALE) },
    tambahan: false,
    dihitung: true,
    tanda: { urut: 11, huruf: 'SB', label: 'Sambung' },
    ujian: { urut: 11, path: '/UjianSambung', label: 'UJI SAMBUNG', isian: 'sendiri' },
  },
] as const satisfies readonly KolomNilai[];

/** A score column of the list. */
export type NilaiKolom = (typeof NILAI_KOLOM)[number]['kolom'];

/**
 * The score columns of the score record that carry an extra score (`_plus`), in the record's
 * order (SPEC §3: the API answers them in this order). nilai_toyak and nilai_teknik are the old
 * app's columns: stored and answered, written by no exam (NILAI_KOLOM_LAMA).
 */
export const NILAI_FIELDS = [
  'nilai_senam',
  'nilai_jurus',
  'nilai_pasang',
  'nilai_sambung',
  'nilai_kshan',
  'nilai_toyak',
  'nilai_blati',
  'nilai_kripen',
  'nilai_teknik',
  'nilai_toyak_jurus',
  'nilai_toyak_senam',
] as const satisfies readonly `nilai_${string}`[];
export type NilaiField = (typeof NILAI_FIELDS)[number];

/** The old app's score columns no exam writes, by the audit page's name for them. */
export const NILAI_KOLOM_LAMA: Readonly<Partial<Record<NilaiField, string>>> = {
  nilai_toyak: 'TOYAK',
  nilai_teknik: 'TEKNIK',
};

// Every column of the list but the physical average is a record column with its extra score: a
// column missing from NILAI_FIELDS fails to compile here.
type TanpaTempat = Exclude<Exclude<NilaiKolom, 'nilai_fisik2'>, NilaiField>;
const _semuaBertempat: [TanpaTempat] extends [never] ? true : TanpaTempat = true;
void _semuaBertempat;

/** The score group a column's body saves, its column without `nilai_` ('fisik' for nilai_fisik2). */
export type GrupOf<K extends string> = K extends 'nilai_fisik2'
  ? 'fisik'
  : K extends `nilai_${infer G}`
    ? G
    : never;

/** The group of a score column, e.g. nilai_toyak_senam → 'toyak_senam', nilai_fisik2 → 'fisik'. */
export function grupOf<K extends NilaiKolom>(kolom: K): GrupOf<K> {
  return (kolom === 'nilai_fisik2' ? 'fisik' : kolom.slice('nilai_'.length)) as GrupOf<K>;
}

/** A column of a rows-and-bonus exam. */
export type KolomBaris = Extract<(typeof NILAI_KOLOM)[number], { ujian: { isian: 'baris' } }>['kolom'];

/**
 * The columns of the rows-and-bonus exams, whose body is the score and its extra score: the draw
 * exams first, then the others, each in the recap's order (the order NilaiBody and its OpenAPI
 * document have always listed them).
 */
export const KOLOM_BARIS = [
  ...NILAI_KOLOM.filter((k) => k.ujian.isian === 'baris' && 'undian' in k.ujian),
  ...NILAI_KOLOM.filter((k) => k.ujian.isian === 'baris' && !('undian' in k.ujian)),
].map((k) => k.kolom) as KolomBaris[];
