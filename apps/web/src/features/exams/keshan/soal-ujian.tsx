import { ExamGate } from '../shared/exam-gate';
import { KeshanExam } from './keshan-exam';

/** /SoalUjian: the KESHAN written test (UJI KESHAN). */
export function SoalUjian() {
  return <ExamGate>{(ctx) => <KeshanExam ctx={ctx} />}</ExamGate>;
}
