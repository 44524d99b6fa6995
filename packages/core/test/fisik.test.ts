import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FISIK_EXERCISES, fisikConverted, fisikFinal, MFT_LEVELS, mftScore } from '../src';

// SPEC §9, written out level by level as the organisation's table gives it.
// biome-ignore format: one row per stage reads like the table
const MFT_TABLE: Record<string, number> = {
  '1.1': 1.6, '1.2': 3.2, '1.3': 4.8, '1.4': 6.4, '1.5': 8, '1.6': 9.6, '1.7': 11.2,
  '2.1': 12.8, '2.2': 14.4, '2.3': 16, '2.4': 17.6, '2.5': 19.2, '2.6': 20.8, '2.7': 22.4, '2.8': 24,
  '3.1': 25.6, '3.2': 27.2, '3.3': 28.8, '3.4': 30.4, '3.5': 32, '3.6': 33.6, '3.7': 35.2, '3.8': 36.8,
  '4.1': 38.4, '4.2': 40, '4.3': 41.6, '4.4': 43.2, '4.5': 44.8, '4.6': 46.4, '4.7': 48, '4.8': 49.6, '4.9': 51.2,
  '5.1': 52.8, '5.2': 53, '5.3': 54, '5.4': 55, '5.5': 56, '5.6': 57, '5.7': 58, '5.8': 59, '5.9': 60,
  '6.1': 61, '6.2': 62, '6.3': 63, '6.4': 64, '6.5': 65, '6.6': 66, '6.7': 67, '6.8': 68, '6.9': 69, '6.10': 70,
  '7.1': 71, '7.2': 72, '7.3': 73, '7.4': 74, '7.5': 75, '7.6': 76, '7.7': 77, '7.8': 78, '7.9': 79, '7.10': 80,
  '8.1': 81, '8.2': 82, '8.3': 83, '8.4': 84, '8.5': 85, '8.6': 86, '8.7': 87, '8.8': 88, '8.9': 89, '8.10': 90,
  '8.11': 91,
  '9.1': 92, '9.2': 93, '9.3': 94, '9.4': 95, '9.5': 96, '9.6': 97, '9.7': 98, '9.8': 99, '9.9': 100,
  '9.10': 100, '9.11': 100, '9.12': 100,
};

describe('Lari MFT levels', () => {
  it('has the 84 labelled levels from 1.1 to 9.12, in order', () => {
    expect(MFT_LEVELS).toHaveLength(84);
    expect(MFT_LEVELS[0]).toBe('1.1');
    expect(MFT_LEVELS.at(-1)).toBe('9.12');
    expect(MFT_LEVELS).toEqual(Object.keys(MFT_TABLE));
  });

  it.each(Object.entries(MFT_TABLE))('level %s scores %d', (label, score) => {
    expect(mftScore(label)).toBe(score);
    expect(fisikConverted(1, label)).toBe(score);
  });

  it('spells out the anchor points of SPEC §9', () => {
    expect(mftScore('5.1')).toBe(52.8);
    expect(mftScore('5.2')).toBe(53);
    expect(mftScore('6.1')).toBe(61);
    expect(mftScore('7.1')).toBe(71);
    expect(mftScore('8.1')).toBe(81);
    expect(mftScore('9.1')).toBe(92);
    expect(mftScore('9.9')).toBe(100);
  });

  it('refuses a label that is not a level', () => {
    expect(() => mftScore('9.13')).toThrow(RangeError);
    expect(() => mftScore('1.0')).toThrow(RangeError);
    expect(() => mftScore('')).toThrow(RangeError);
  });

  it('never decreases from one level to the next and stays within 0–100', () => {
    const scores = MFT_LEVELS.map(mftScore);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThanOrEqual(scores[i - 1] as number);
    for (const s of scores) expect(s).toBeGreaterThan(0);
    for (const s of scores) expect(s).toBeLessThanOrEqual(100);
  });
});

describe('physical conversions', () => {
  it('lists the five exercises in order with their timers', () => {
    expect(FISIK_EXERCISES.map((e) => e.nama)).toEqual([
      'Lari MFT',
      'Push Up',
      'Sper Perut Atas',
      'Sper Perut Bawah',
      'Plank',
    ]);
    expect(
      FISIK_EXERCISES.slice(0, 4).every((e) => e.timer.kind === 'countdown' && e.timer.seconds === 60),
    ).toBe(true);
    expect(FISIK_EXERCISES[4]?.timer).toEqual({ kind: 'stopwatch', maxSeconds: 360 });
    expect(FISIK_EXERCISES[0]?.hiddenTime).toBe(true);
  });

  it('multiplies push ups and both sit-up kinds by 2.5 and the plank by 0.8', () => {
    expect(fisikConverted(2, 30)).toBe(75);
    expect(fisikConverted(3, 17)).toBe(42.5);
    expect(fisikConverted(4, 21)).toBe(52.5);
    expect(fisikConverted(5, 90)).toBe(72);
    expect(fisikConverted(5, 1)).toBe(0.8);
  });

  it('caps every converted score at 100', () => {
    expect(fisikConverted(2, 40)).toBe(100);
    expect(fisikConverted(2, 41)).toBe(100);
    expect(fisikConverted(3, 200)).toBe(100);
    expect(fisikConverted(5, 125)).toBe(100);
    expect(fisikConverted(5, 360)).toBe(100);
  });

  it('refuses negative or non-numeric counts', () => {
    expect(() => fisikConverted(2, -1)).toThrow(RangeError);
    expect(() => fisikConverted(3, 'abc')).toThrow(RangeError);
  });

  it('averages the five converted scores by dividing their sum by 5', () => {
    expect(fisikFinal([53, 75, 42.5, 52.5, 72])).toBe(59);
    expect(fisikFinal([100, 100, 100, 100, 100])).toBe(100);
    // An exercise not done yet counts for nothing: the sum is still divided by 5.
    expect(fisikFinal([53, 75])).toBe(25.6);
  });

  it('keeps every count-based score between 0 and 100 (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5) as fc.Arbitrary<2 | 3 | 4 | 5>, fc.nat(10_000), (id, raw) => {
        const score = fisikConverted(id, raw);
        return score >= 0 && score <= 100;
      }),
    );
  });

  it('keeps the final score between the lowest and highest converted score (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (scores) => {
          const final = fisikFinal(scores);
          return final >= Math.min(...scores) - 0.01 && final <= Math.max(...scores) + 0.01;
        },
      ),
    );
  });
});
