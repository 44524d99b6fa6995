import { ExamGate } from '../shared/exam-gate';
import { JURUS } from './row-config';
import { RowExam } from './row-exam';

/** /UjianJurus: the forms test (Tes Jurus). */
export function UjianJurus() {
  return <ExamGate>{(ctx) => <RowExam config={JURUS} ctx={ctx} />}</ExamGate>;
}
