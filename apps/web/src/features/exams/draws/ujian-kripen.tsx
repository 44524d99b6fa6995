import { ExamGate } from '../shared/exam-gate';
import { KRIPEN } from './draw-config';
import { DrawExam } from './draw-exam';

/** /UjianKripen: the kripen test, 5 drawn items scored one by one. */
export function UjianKripen() {
  return <ExamGate>{(ctx) => <DrawExam config={KRIPEN} ctx={ctx} />}</ExamGate>;
}
