import { round2 } from './numbers';

/** A physical exercise number (SPEC §3: id_fisik 1 to 5). */
export type FisikId = 1 | 2 | 3 | 4 | 5;

/** How an exercise is timed: a 60 s countdown, or the plank's stopwatch up to 360 s. */
export type FisikTimer = { kind: 'countdown'; seconds: 60 } | { kind: 'stopwatch'; maxSeconds: 360 };

/** One of the five exercises of the physical exam, in the order they are done. */
export interface FisikExercise {
  id_fisik: FisikId;
  nama: string;
  /** The payload field of the raw value; the converted one adds '2'. */
  field: 'nilai_mft' | 'nilai_pushup' | 'nilai_sperperut_atas' | 'nilai_sperperut_bawah' | 'nilai_plank';
  timer: FisikTimer;
  /** Lari MFT picks a level and hides the time (SPEC §2). */
  hiddenTime: boolean;
}

/** The countdown of every exercise but the plank (SPEC §9). */
export const FISIK_COUNTDOWN_SECONDS = 60;
/** The plank stopwatch stops here (SPEC §9). */
export const PLANK_MAX_SECONDS = 360;
/** Converted physical scores never exceed this (SPEC §9). */
export const FISIK_CAP = 100;

/** The five exercises of /UjianFisik (SPEC §2). */
export const FISIK_EXERCISES: readonly FisikExercise[] = [
  {
    id_fisik: 1,
    nama: 'Lari MFT',
    field: 'nilai_mft',
    timer: { kind: 'countdown', seconds: 60 },
    hiddenTime: true,
  },
  {
    id_fisik: 2,
    nama: 'Push Up',
    field: 'nilai_pushup',
    timer: { kind: 'countdown', seconds: 60 },
    hiddenTime: false,
  },
  {
    id_fisik: 3,
    nama: 'Sper Perut Atas',
    field: 'nilai_sperperut_atas',
    timer: { kind: 'countdown', seconds: 60 },
    hiddenTime: false,
  },
  {
    id_fisik: 4,
    nama: 'Sper Perut Bawah',
    field: 'nilai_sperperut_bawah',
    timer: { kind: 'countdown', seconds: 60 },
    hiddenTime: false,
  },
  {
    id_fisik: 5,
    nama: 'Plank',
    field: 'nilai_plank',
    timer: { kind: 'stopwatch', maxSeconds: 360 },
    hiddenTime: false,
  },
];

/**
 * Multipliers from a counted value to a score (SPEC §9). The exam uses Push Up, both Sper Perut
 * and Plank; the thigh and back exercises are in the organisation's table too.
 */
export const FISIK_FACTORS = {
  'Push Up': 2.5,
  'Sper Perut Atas': 2.5,
  'Sper Perut Bawah': 2.5,
  'Sper Paha Kanan': 2.5,
  'Sper Paha Kiri': 2.5,
  'Back Up': 2,
  Plank: 0.8,
} as const;

/** Shuttles per stage of the Lari MFT (multistage fitness test): 84 levels, '1.1' to '9.12'. */
const MFT_SHUTTLES_PER_STAGE = [7, 8, 8, 9, 9, 10, 10, 11, 12] as const;

/** The 84 Lari MFT level labels in order, '1.1' to '9.12' (SPEC §4). */
export const MFT_LEVELS: readonly string[] = MFT_SHUTTLES_PER_STAGE.flatMap((count, stage) =>
  Array.from({ length: count }, (_, i) => `${stage + 1}.${i + 1}`),
);

/** Levels up to 5.1 score 1.6 per level; from 5.2 (53) one point per level; capped at 100 (SPEC §9). */
const MFT_STEP_LEVELS = 33;

/** The score of a Lari MFT level label (SPEC §9), e.g. '5.2' → 53; an unknown label throws. */
export function mftScore(label: string): number {
  const index = MFT_LEVELS.indexOf(label);
  if (index < 0) throw new RangeError(`Level MFT tidak dikenal: ${label}`);
  const n = index + 1;
  const score = n <= MFT_STEP_LEVELS ? (n * 16) / 10 : 53 + (n - MFT_STEP_LEVELS - 1);
  return Math.min(FISIK_CAP, round2(score));
}

/**
 * The converted score of one exercise from its raw value (SPEC §9), capped at 100:
 * exercise 1 takes an MFT level label, the others a count (plank: seconds held).
 */
export function fisikConverted(id_fisik: FisikId, raw: number | string): number {
  if (id_fisik === 1) return mftScore(String(raw));
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Nilai tidak valid: ${raw}`);
  const nama = FISIK_EXERCISES[id_fisik - 1]?.nama as keyof typeof FISIK_FACTORS;
  return Math.min(FISIK_CAP, round2(value * FISIK_FACTORS[nama]));
}

/** The final physical score: the sum of the five converted scores divided by 5 (SPEC §9). */
export function fisikFinal(converted: readonly number[]): number {
  const sum = converted.reduce((total, value) => total + value, 0);
  return round2(sum / FISIK_EXERCISES.length);
}
