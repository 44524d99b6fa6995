import { EventGate } from '../shared/exam-gate';
import { SambungExam } from './sambung-exam';

/** /UjianSambung: the sparring test, two participants scored together (post 4 has no picker). */
export function UjianSambung() {
  return <EventGate>{(ctx) => <SambungExam ctx={ctx} />}</EventGate>;
}
