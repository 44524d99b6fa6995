import { ExamGate } from '../shared/exam-gate';
import { BELATI } from './row-config';
import { RowExam } from './row-exam';

/** /UjianBelati: the dagger test (Tes Belati). */
export function UjianBelati() {
  return <ExamGate>{(ctx) => <RowExam config={BELATI} ctx={ctx} />}</ExamGate>;
}
