import { EXAMS, seededRng } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { examRoutes } from '../routes';
import { DRAW_EXAMS } from './draw-config';

// The draw exams' screens come from core's score columns (docs/decisions/167): a new draw exam is
// an entry there, and the hub's link finds its screen.

describe('the draw exams', () => {
  it('are the toyak gymnastics, toyak forms and kripen tests, as the phone has always kept them', () => {
    expect(DRAW_EXAMS.map(({ kind, path, title, field }) => ({ kind, path, title, field }))).toEqual([
      { kind: 'kripen', path: '/UjianKripen', title: 'Tes Kripen', field: 'nilai_kripen' },
      { kind: 'toyakSenam', path: '/UjianToyakSenam', title: 'Tes Senam Toyak', field: 'nilai_toyak_senam' },
      { kind: 'toyakJurus', path: '/UjianToyakJurus', title: 'Tes Jurus Toyak', field: 'nilai_toyak_jurus' },
    ]);
  });

  it('draw 5 of 20, 5 of 10 and all 5, each row named as before', () => {
    const [kripen, senam, jurus] = DRAW_EXAMS.map((d) => d.draw(seededRng(7)));
    expect(kripen?.map((i) => i.label)).toEqual(['Kripen 1', 'Kripen 2', 'Kripen 3', 'Kripen 4', 'Kripen 5']);
    expect(senam).toHaveLength(5);
    expect(senam?.every((i) => i.id <= 20 && i.label === `Senam Toyak ${i.id}`)).toBe(true);
    expect(jurus?.every((i) => i.id <= 10 && i.label === `Jurus Toyak ${i.id}`)).toBe(true);
  });
});

describe('the exam routes', () => {
  it('have a screen for every exam the hub links, each once', () => {
    const paths = examRoutes.map((r) => r.path);
    expect([...paths].sort()).toEqual(EXAMS.map((e) => e.path).sort());
  });
});
