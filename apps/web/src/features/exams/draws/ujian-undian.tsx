import type { ComponentType } from 'react';
import { ExamGate } from '../shared/exam-gate';
import type { DrawExamConfig } from './draw-config';
import { DrawExam } from './draw-exam';

/** A draw exam's screen at its route: its drawn items scored one by one. */
export function ujianUndian(config: DrawExamConfig): ComponentType {
  return function UjianUndian() {
    return <ExamGate>{(ctx) => <DrawExam config={config} ctx={ctx} />}</ExamGate>;
  };
}
