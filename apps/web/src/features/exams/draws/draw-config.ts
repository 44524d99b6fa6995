import { EXAMS, type ExamItem, type KolomBaris, type Rng, undianDraw } from '@ukt/core';

/** What differs between the draw exams' screens; everything else is DrawExam. */
export interface DrawExamConfig {
  /** The exam's key: the phone keeps its drawn items under it (SPEC §4). */
  kind: string;
  title: string;
  field: KolomBaris;
  /** The 5 items, drawn once per belt and kept until Reset (SPEC §4). */
  draw: (rng: Rng) => ExamItem[];
}

/** Every draw exam of the hub, from core's score columns (NILAI_KOLOM's `undian`, docs/decisions/167). */
export const DRAW_EXAMS: readonly (DrawExamConfig & { path: string })[] = EXAMS.flatMap((exam) => {
  const undian = exam.undian;
  if (!undian) return [];
  return [
    {
      kind: exam.key,
      path: exam.path,
      title: undian.judul,
      field: exam.kolom as KolomBaris,
      draw: (rng: Rng) => undianDraw(undian, rng),
    },
  ];
});
