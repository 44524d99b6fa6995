import { FISIK_EXERCISES, type FisikBody, type FisikId, fisikConverted, fisikFinal } from '@ukt/core';

/** One exercise's progress as stored under ListFISIK (SPEC §3 physical item). */
export interface FisikItem {
  id_fisik: FisikId;
  nama: string;
  /** Raw value: the MFT level label, a count, or the plank's seconds. */
  nilai: number | string;
  /** Converted score, set when the exercise is finished. */
  nilai2: number;
  selesai: boolean;
  hiddenTime: boolean;
}

/** The five exercises before anything is done. */
export function freshFisik(): FisikItem[] {
  return FISIK_EXERCISES.map((e) => ({
    id_fisik: e.id_fisik,
    nama: e.nama,
    nilai: e.id_fisik === 1 ? '' : 0,
    nilai2: 0,
    selesai: false,
    hiddenTime: e.hiddenTime,
  }));
}

/** True when the raw value can be converted (an MFT level was picked, a count is a whole number). */
export function canConvert(item: FisikItem): boolean {
  try {
    fisikConverted(item.id_fisik, item.nilai);
    return true;
  } catch {
    return false;
  }
}

/** Finishes an exercise: stores its converted score from core and marks it done (SPEC §4). */
export function finishExercise(items: readonly FisikItem[], id: FisikId): FisikItem[] {
  return items.map((item) =>
    item.id_fisik === id ? { ...item, nilai2: fisikConverted(id, item.nilai), selesai: true } : item,
  );
}

/** The running average shown during the exam: the final formula with unfinished exercises at 0. */
export function runningAverage(items: readonly FisikItem[]): number {
  return fisikFinal(items.map((item) => (item.selesai ? item.nilai2 : 0)));
}

/** The raw and converted pairs of the physical payload (SPEC §3), from five finished exercises. */
export function fisikPairs(
  items: readonly FisikItem[],
): Omit<FisikBody, 'id_siswa' | 'id_ukt' | 'id_tingkat'> {
  const pairs: Record<string, number | string> = {};
  for (const exercise of FISIK_EXERCISES) {
    const item = items.find((i) => i.id_fisik === exercise.id_fisik);
    pairs[exercise.field] = exercise.id_fisik === 1 ? String(item?.nilai ?? '') : Number(item?.nilai ?? 0);
    pairs[`${exercise.field}2`] = item?.nilai2 ?? 0;
  }
  return pairs as Omit<FisikBody, 'id_siswa' | 'id_ukt' | 'id_tingkat'>;
}
