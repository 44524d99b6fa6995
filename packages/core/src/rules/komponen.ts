import { KSHAN_VALUES } from '../schemas/nilai';
import { KSHAN_TINGKAT } from './belts';
import { FISIK_CAP } from './fisik';
import type { KomponenKey } from './pass-rule';
import type { PostFlag } from './posts';
import { BONUS_MAX, KSHAN_SCALE, ROW_SCALE, SAMBUNG_SCALE } from './scales';

// Where each component of the recap is stored and how a committee correction of it is checked
// (DESIGN §10): the progress page, the recap and corrections all read the same table.

/** Where a component's score lives: its column of the score record, the record's belt level, and the post it is taken at. */
export interface KomponenNilai {
  /** The score column (nilai_fisik2: the physical average, the only fisik value the recap reads). */
  field: string;
  /** 'kegiatan': the record at the event's belt level; KSHAN is kept under level 5 (SPEC §9). */
  tingkat: 'kegiatan' | typeof KSHAN_TINGKAT;
  /** The post flag of a take for this exam. */
  pos: PostFlag;
}

/** Every component's storage, by key. KESHAN and KSHAN share nilai_kshan; the belt level tells them apart. */
export const KOMPONEN_NILAI: Readonly<Record<KomponenKey, KomponenNilai>> = {
  keshan: { field: 'nilai_kshan', tingkat: 'kegiatan', pos: 'sudah_keshan' },
  kshan: { field: 'nilai_kshan', tingkat: KSHAN_TINGKAT, pos: 'sudah_keshan' },
  jurus: { field: 'nilai_jurus', tingkat: 'kegiatan', pos: 'sudah_tes' },
  senam: { field: 'nilai_senam', tingkat: 'kegiatan', pos: 'sudah_tes' },
  belati: { field: 'nilai_blati', tingkat: 'kegiatan', pos: 'sudah_tes' },
  pasang: { field: 'nilai_pasang', tingkat: 'kegiatan', pos: 'sudah_tes' },
  toyak_senam: { field: 'nilai_toyak_senam', tingkat: 'kegiatan', pos: 'sudah_tes' },
  toyak_jurus: { field: 'nilai_toyak_jurus', tingkat: 'kegiatan', pos: 'sudah_tes' },
  kripen: { field: 'nilai_kripen', tingkat: 'kegiatan', pos: 'sudah_tes' },
  fisik: { field: 'nilai_fisik2', tingkat: 'kegiatan', pos: 'sudah_fisik' },
  sambung: { field: 'nilai_sambung', tingkat: 'kegiatan', pos: 'sudah_sambung' },
};

/** The belt level of the record a component is stored in, for an event of belt `tingkatKegiatan`. */
export function komponenTingkat(key: KomponenKey, tingkatKegiatan: number): number {
  const { tingkat } = KOMPONEN_NILAI[key];
  return tingkat === 'kegiatan' ? tingkatKegiatan : tingkat;
}

const KESHAN_STEP = 5;
const EPSILON = 1e-9;

/** The lowest and highest score a component's exam can give (its stored value, the extra score included). */
export interface RentangNilai {
  min: number;
  max: number;
}

const ROW_RANGE: RentangNilai = { min: Math.min(...ROW_SCALE), max: Math.max(...ROW_SCALE) + BONUS_MAX };

/**
 * Each exam's own range (SPEC §5, §9): forms, gymnastics, dagger, pairs, toyak and kripen a row
 * average 50–80 plus the extra score 0–5; SAMBUNG 50–90; KSHAN the half-sum of two answers, each
 * 50–90 or 0; KESHAN 0–100; the physical average 0–100 (each exercise capped at 100).
 */
export const RENTANG_KOMPONEN: Readonly<Record<KomponenKey, RentangNilai>> = {
  keshan: { min: 0, max: 100 },
  kshan: { min: 0, max: Math.max(...KSHAN_SCALE) },
  jurus: ROW_RANGE,
  senam: ROW_RANGE,
  belati: ROW_RANGE,
  pasang: ROW_RANGE,
  toyak_senam: ROW_RANGE,
  toyak_jurus: ROW_RANGE,
  kripen: ROW_RANGE,
  fisik: { min: 0, max: FISIK_CAP },
  sambung: { min: Math.min(...SAMBUNG_SCALE), max: Math.max(...SAMBUNG_SCALE) },
};

const LABEL: Readonly<Record<KomponenKey, string>> = {
  keshan: 'KESHAN',
  kshan: 'KSHAN',
  jurus: 'jurus',
  senam: 'senam',
  belati: 'belati',
  pasang: 'pasangan',
  toyak_senam: 'toyak senam',
  toyak_jurus: 'toyak jurus',
  kripen: 'kripen',
  fisik: 'fisik',
  sambung: 'SAMBUNG',
};

/**
 * Why a corrected score is not one the component's exam can give, or null when it can: each
 * within its own range (RENTANG_KOMPONEN); SAMBUNG on its scale (steps of 5), KSHAN a half-sum of
 * two such scores (0 for an unanswered question), KESHAN a multiple of 5 (20 questions, 5 points each).
 */
export function koreksiNilaiError(key: KomponenKey, nilai: number): string | null {
  const { min, max } = RENTANG_KOMPONEN[key];
  if (!Number.isFinite(nilai)) return 'nilai harus berupa angka';
  if (key === 'sambung' && !SAMBUNG_SCALE.includes(nilai)) {
    return `nilai SAMBUNG harus salah satu dari ${SAMBUNG_SCALE.join(', ')}`;
  }
  if (key === 'kshan' && !KSHAN_VALUES.some((v) => Math.abs(v - nilai) < EPSILON)) {
    return `nilai KSHAN harus (soal 1 + soal 2) / 2, tiap soal ${KSHAN_SCALE.join(', ')} atau 0 bila tidak dijawab`;
  }
  if (key === 'keshan' && (nilai < min || nilai > max || !Number.isInteger(nilai / KESHAN_STEP))) {
    return 'nilai KESHAN harus kelipatan 5 (5 per jawaban benar), 0 sampai 100';
  }
  if (nilai < min - EPSILON || nilai > max + EPSILON) return `nilai ${LABEL[key]} ${min} sampai ${max}`;
  return null;
}
