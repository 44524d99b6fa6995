import { ExamGate } from '../shared/exam-gate';
import { PasangExam } from './pasang-exam';

/** /UjianPasang: the paired-forms test (Tes Pasang Jurus). */
export function UjianPasang() {
  return <ExamGate>{(ctx) => <PasangExam ctx={ctx} />}</ExamGate>;
}
