import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Belt,
  belatiItems,
  itemAverageScore,
  jurusForBelt,
  jurusLabel,
  jurusTingkat,
  type Rng,
  ROW_SECONDS,
  seededRng,
  senamDraw,
  undianDraw,
} from '../src';

const belts: Belt[] = [1, 2, 3, 4, 5];
const toyakSenamDraw = (rng: Rng) => undianDraw({ kolam: 20, awalan: 'Senam Toyak' }, rng);
const toyakJurusDraw = (rng: Rng) => undianDraw({ kolam: 10, awalan: 'Jurus Toyak' }, rng);
const kripenDraw = (rng: Rng) => undianDraw({ kolam: 5, awalan: 'Kripen' }, rng);
const ids = (items: { id: number }[]) => items.map((i) => i.id);
const isSorted = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) < x);

describe('forms (jurus)', () => {
  it('puts forms 1-10 in tingkat 1, 11-22 in 2, 23-38 in 3 and 39-60 in 4', () => {
    expect([1, 10, 11, 22, 23, 38, 39, 60].map(jurusTingkat)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(() => jurusTingkat(0)).toThrow(RangeError);
    expect(() => jurusTingkat(61)).toThrow(RangeError);
  });

  it.each([
    [1, 10, 3],
    [2, 22, 5],
    [3, 38, 7],
    [4, 60, 10],
    [5, 60, 10],
  ] as const)('belt %i takes forms 1 to %i in %i minutes', (belt, last, minutes) => {
    const set = jurusForBelt(belt);
    expect(set.minutes).toBe(minutes);
    expect(ids(set.items)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
  });

  it('labels forms with an A and a B side', () => {
    expect(jurusLabel(1)).toBe('JURUS 1A');
    expect(jurusLabel(2)).toBe('JURUS 1B');
    expect(jurusLabel(60)).toBe('JURUS 30B');
  });

  it('gives rows 15 s for forms and 20 s for gymnastics and dagger', () => {
    expect(ROW_SECONDS).toEqual({ jurus: 15, senam: 20, belati: 20 });
  });
});

describe('gymnastics draws (senam)', () => {
  // SPEC §9: how many routines each belt draws from groups A–I (1–10, 11–20, …).
  const perGroup: Record<Belt, number[]> = {
    1: [5, 5, 5, 0, 0, 0, 0, 0, 0],
    2: [1, 2, 2, 5, 5, 5, 0, 0, 0],
    3: [2, 2, 3, 3, 4, 4, 5, 0, 0],
    4: [2, 2, 2, 3, 3, 3, 5, 5, 5],
    5: [2, 2, 2, 3, 3, 3, 5, 5, 5],
  };
  const totals: Record<Belt, number> = { 1: 15, 2: 20, 3: 23, 4: 30, 5: 30 };

  it.each(belts)('belt %i draws the right count from each group, sorted and distinct', (belt) => {
    for (let seed = 1; seed <= 25; seed++) {
      const drawn = ids(senamDraw(belt, seededRng(seed)));
      expect(drawn).toHaveLength(totals[belt]);
      expect(isSorted(drawn)).toBe(true);
      const counts = Array.from(
        { length: 9 },
        (_, g) => drawn.filter((n) => n > g * 10 && n <= g * 10 + 10).length,
      );
      expect(counts).toEqual(perGroup[belt]);
    }
  });

  it('labels routines "Senam n"', () => {
    expect(senamDraw(1, seededRng(3))[0]?.label).toMatch(/^Senam \d+$/);
  });

  it('draws the same routines from the same seed and others from another', () => {
    expect(senamDraw(4, seededRng(42))).toEqual(senamDraw(4, seededRng(42)));
    expect(ids(senamDraw(4, seededRng(42)))).not.toEqual(ids(senamDraw(4, seededRng(43))));
  });
});

describe('dagger, toyak and kripen', () => {
  it('takes all five dagger drills', () => {
    expect(belatiItems()).toEqual([1, 2, 3, 4, 5].map((id) => ({ id, label: `Belati ${id}` })));
  });

  it('draws 5 of 20 toyak gymnastics, 5 of 10 toyak forms and 5 of 5 kripen, sorted', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const senam = ids(toyakSenamDraw(seededRng(seed)));
      const jurus = ids(toyakJurusDraw(seededRng(seed)));
      const kripen = ids(kripenDraw(seededRng(seed)));
      expect(senam).toHaveLength(5);
      expect(jurus).toHaveLength(5);
      expect(kripen).toEqual([1, 2, 3, 4, 5]);
      expect(senam.every((n) => n >= 1 && n <= 20) && isSorted(senam)).toBe(true);
      expect(jurus.every((n) => n >= 1 && n <= 10) && isSorted(jurus)).toBe(true);
    }
  });

  it('reaches every toyak routine over many draws', () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 200; seed++) for (const n of ids(toyakSenamDraw(seededRng(seed)))) seen.add(n);
    expect(seen.size).toBe(20);
  });
});

describe('average plus bonus', () => {
  it('adds the examiner bonus to the average of the rows', () => {
    expect(itemAverageScore([50, 60, 70, 80], 3)).toBe(68);
    expect(itemAverageScore([55, 60, 80], 0)).toBe(65);
    expect(itemAverageScore([80, 80, 70], 5)).toBe(81.67);
  });

  it('stays within the row scale plus the bonus (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(50, 55, 60, 70, 80), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 5 }),
        (scores, bonus) => {
          const s = itemAverageScore(scores, bonus);
          return s >= 50 + bonus - 0.005 && s <= 80 + bonus + 0.005;
        },
      ),
    );
  });
});
