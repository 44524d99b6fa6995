import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Belt, pasangForBelt, pasangLevel, pasangScore } from '../src';

describe('pasang (paired forms)', () => {
  it('puts pairs 1-4 at level 1, 5-10 at 2, 11-20 at 3 and 21-35 at 4', () => {
    expect([1, 4, 5, 10, 11, 20, 21, 35].map(pasangLevel)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(() => pasangLevel(36)).toThrow(RangeError);
  });

  it.each([
    [1, 4, 2],
    [2, 10, 2],
    [3, 20, 3],
    [4, 35, 5],
    [5, 35, 5],
  ] as const)('belt %i answers %i pairs in %i minutes', (belt, pairs, minutes) => {
    const set = pasangForBelt(belt);
    expect(set.pairs).toEqual(Array.from({ length: pairs }, (_, i) => i + 1));
    expect(set.minutes).toBe(minutes);
    expect(set.seconds).toBe(minutes * 60);
  });

  it('scores belt 3 with 15 of 20 right and bonus 3 as 75.5', () => {
    expect(pasangScore({ belt: 3, correct: 15, bonus: 3 })).toEqual({
      base: 50,
      earned: 22.5,
      bonus: 3,
      nilai_pasang: 75.5,
      nilai_pasang_plus: 3,
    });
  });

  it('spreads 30 points over the belt pairs', () => {
    expect(pasangScore({ belt: 1, correct: 4, bonus: 0 }).nilai_pasang).toBe(80);
    expect(pasangScore({ belt: 1, correct: 1, bonus: 0 }).earned).toBe(7.5);
    expect(pasangScore({ belt: 2, correct: 7, bonus: 5 }).nilai_pasang).toBe(76);
    expect(pasangScore({ belt: 4, correct: 35, bonus: 5 }).nilai_pasang).toBe(85);
    expect(pasangScore({ belt: 4, correct: 0, bonus: 0 }).nilai_pasang).toBe(50);
    expect(pasangScore({ belt: 4, correct: 7, bonus: 0 }).earned).toBe(6);
  });

  it('gives belt 5 no earned points: base plus bonus only', () => {
    expect(pasangScore({ belt: 5, correct: 35, bonus: 2 })).toEqual({
      base: 50,
      earned: 0,
      bonus: 2,
      nilai_pasang: 52,
      nilai_pasang_plus: 2,
    });
  });

  it('refuses more correct answers than pairs', () => {
    expect(() => pasangScore({ belt: 1, correct: 5, bonus: 0 })).toThrow(RangeError);
  });

  it('keeps nilai_pasang between 50 and 85 and nilai_pasang_plus equal to the bonus (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Belt>(1, 2, 3, 4, 5),
        fc.integer({ min: 0, max: 35 }),
        fc.integer({ min: 0, max: 5 }),
        (belt, correct, bonus) => {
          const c = Math.min(correct, pasangForBelt(belt).pairs.length);
          const s = pasangScore({ belt, correct: c, bonus });
          return s.nilai_pasang >= 50 && s.nilai_pasang <= 85 && s.nilai_pasang_plus === bonus;
        },
      ),
    );
  });
});
