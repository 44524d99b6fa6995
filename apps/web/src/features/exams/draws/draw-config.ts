import { type ExamItem, kripenDraw, type Rng, toyakJurusDraw, toyakSenamDraw } from '@ukt/core';

/** What differs between the toyak senam, toyak jurus and kripen screens; everything else is DrawExam. */
export interface DrawExamConfig {
  kind: 'toyakSenam' | 'toyakJurus' | 'kripen';
  title: string;
  field: 'nilai_toyak_senam' | 'nilai_toyak_jurus' | 'nilai_kripen';
  /** The 5 items, drawn once per belt and kept until Reset (SPEC §4). */
  draw: (rng: Rng) => ExamItem[];
}

/** Tes Senam Toyak: 5 of 20. */
export const TOYAK_SENAM: DrawExamConfig = {
  kind: 'toyakSenam',
  title: 'Tes Senam Toyak',
  field: 'nilai_toyak_senam',
  draw: toyakSenamDraw,
};

/** Tes Jurus Toyak: 5 of 10. */
export const TOYAK_JURUS: DrawExamConfig = {
  kind: 'toyakJurus',
  title: 'Tes Jurus Toyak',
  field: 'nilai_toyak_jurus',
  draw: toyakJurusDraw,
};

/** Tes Kripen: all 5, in order. */
export const KRIPEN: DrawExamConfig = {
  kind: 'kripen',
  title: 'Tes Kripen',
  field: 'nilai_kripen',
  draw: kripenDraw,
};
