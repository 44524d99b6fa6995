import { ExamGate } from '../shared/exam-gate';
import { TOYAK_JURUS } from './draw-config';
import { DrawExam } from './draw-exam';

/** /UjianToyakJurus: the toyak forms test, 5 drawn items scored one by one. */
export function UjianToyakJurus() {
  return <ExamGate>{(ctx) => <DrawExam config={TOYAK_JURUS} ctx={ctx} />}</ExamGate>;
}
