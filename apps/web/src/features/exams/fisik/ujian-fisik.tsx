import { ExamGate } from '../shared/exam-gate';
import { FisikExam } from './fisik-exam';

/** /UjianFisik: the physical exam, five exercises in order. */
export function UjianFisik() {
  return <ExamGate>{(ctx) => <FisikExam ctx={ctx} />}</ExamGate>;
}
