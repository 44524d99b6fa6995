import { ExamGate } from '../shared/exam-gate';
import { TOYAK_SENAM } from './draw-config';
import { DrawExam } from './draw-exam';

/** /UjianToyakSenam: the toyak gymnastics test, 5 drawn items scored one by one. */
export function UjianToyakSenam() {
  return <ExamGate>{(ctx) => <DrawExam config={TOYAK_SENAM} ctx={ctx} />}</ExamGate>;
}
