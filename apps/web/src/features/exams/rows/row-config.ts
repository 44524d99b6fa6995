import {
  type Belt,
  belatiItems,
  type ExamItem,
  jurusForBelt,
  type KolomBaris,
  type ROW_SECONDS,
  senamDraw,
} from '@ukt/core';

/** What differs between the forms, gymnastics and dagger screens; everything else is RowExam. */
export interface RowExamConfig {
  kind: keyof typeof ROW_SECONDS;
  title: string;
  /** The score group posted (SPEC §3). */
  field: KolomBaris;
  /** The rows of a belt; called once, then kept per belt until Reset (draws are random). */
  items: (belt: Belt) => ExamItem[];
  /** Whole-test minutes shown in the header (forms only, SPEC §9). */
  minutes?: (belt: Belt) => number;
  /** Forms take the examiner's extra score (SPEC §2). */
  bonusLabel?: string;
}

/** Tes Jurus: the belt's forms, 15 s a row, the belt's minutes, extra score 0–5. */
export const JURUS: RowExamConfig = {
  kind: 'jurus',
  title: 'Tes Jurus',
  field: 'nilai_jurus',
  items: (belt) => jurusForBelt(belt).items,
  minutes: (belt) => jurusForBelt(belt).minutes,
  bonusLabel: 'Nilai Tambahan Dari Penilai 1-5',
};

/** Tes Senam: a random draw per belt, 20 s a row. */
export const SENAM: RowExamConfig = {
  kind: 'senam',
  title: 'Tes Senam',
  field: 'nilai_senam',
  items: (belt) => senamDraw(belt, Math.random),
};

/** Tes Belati: all five dagger drills, 20 s a row. */
export const BELATI: RowExamConfig = {
  kind: 'belati',
  title: 'Tes Belati',
  field: 'nilai_blati',
  items: () => belatiItems(),
};
