import { ExamGate } from '../shared/exam-gate';
import { SENAM } from './row-config';
import { RowExam } from './row-exam';

/** /UjianSenam: the gymnastics test (Tes Senam). */
export function UjianSenam() {
  return <ExamGate>{(ctx) => <RowExam config={SENAM} ctx={ctx} />}</ExamGate>;
}
