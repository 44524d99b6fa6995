import type { KSHAN_TINGKAT } from './belts';
import { NILAI_KOLOM, type RentangNilai } from './nilai-kolom';
import type { KomponenKey } from './pass-rule';
import { type PostFlag, postFlagField } from './posts';
import { KSHAN_SCALE, KSHAN_VALUES, SAMBUNG_SCALE } from './scales';

// Where each component of the recap is stored and how a committee correction of it is checked
// (DESIGN §10): the progress page, the recap and corrections all read the same table, made from
// the score columns' list (NILAI_KOLOM, docs/decisions/167).

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
export const KOMPONEN_NILAI: Readonly<Record<KomponenKey, KomponenNilai>> = Object.fromEntries(
  NILAI_KOLOM.map((k) => [k.key, { field: k.kolom, tingkat: k.tingkat, pos: postFlagField(k.pos) }]),
) as Record<KomponenKey, KomponenNilai>;

/** The belt level of the record a component is stored in, for an event of belt `tingkatKegiatan`. */
export function komponenTingkat(key: KomponenKey, tingkatKegiatan: number): number {
  const { tingkat } = KOMPONEN_NILAI[key];
  return tingkat === 'kegiatan' ? tingkatKegiatan : tingkat;
}

const KESHAN_STEP = 5;
const EPSILON = 1e-9;

/**
 * Each exam's own range (SPEC §5, §9), NILAI_KOLOM's `rentang`: a rows-and-bonus exam a row average
 * 50–80 plus the extra score 0–5; SAMBUNG 50–90; KSHAN the half-sum of two answers, each 50–90 or 0;
 * KESHAN 0–100; the physical average 0–100 (each exercise capped at 100).
 */
export const RENTANG_KOMPONEN: Readonly<Record<KomponenKey, RentangNilai>> = Object.fromEntries(
  NILAI_KOLOM.map((k) => [k.key, k.rentang]),
) as Record<KomponenKey, RentangNilai>;

const KATA = Object.fromEntries(NILAI_KOLOM.map((k) => [k.key, k.kata])) as Record<KomponenKey, string>;

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
  if (nilai < min - EPSILON || nilai > max + EPSILON) return `nilai ${KATA[key]} ${min} sampai ${max}`;
  return null;
}
