import { ExamGate } from '../shared/exam-gate';
import { KshanExam } from './kshan-exam';

/** /UjianKSHAN: two spoken questions, recorded and scored by the examiner. */
export function UjianKSHAN() {
  return <ExamGate>{(ctx) => <KshanExam ctx={ctx} />}</ExamGate>;
}
