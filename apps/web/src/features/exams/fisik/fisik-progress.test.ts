import { describe, expect, it } from 'vitest';
import { canConvert, finishExercise, fisikPairs, freshFisik, runningAverage } from './fisik-progress';

describe('physical exam progress', () => {
  it('needs an MFT level before Lari MFT can be finished', () => {
    const items = freshFisik();
    expect(canConvert(items[0] as (typeof items)[0])).toBe(false);
    expect(canConvert({ ...(items[0] as (typeof items)[0]), nilai: '5.2' })).toBe(true);
  });

  it('finishes exercises with core conversions and averages over all five', () => {
    let items = freshFisik().map((item, i) => ({
      ...item,
      nilai: ['5.2', 20, 30, 50, 100][i] as string | number,
    }));
    for (const id of [1, 2, 3, 4, 5] as const) items = finishExercise(items, id);
    expect(items.map((i) => i.nilai2)).toEqual([53, 50, 75, 100, 80]);
    expect(runningAverage(items)).toBe(71.6);
    expect(fisikPairs(items)).toMatchObject({
      nilai_mft: '5.2',
      nilai_mft2: 53,
      nilai_plank: 100,
      nilai_plank2: 80,
    });
  });

  it('counts unfinished exercises as 0 in the running average', () => {
    const items = finishExercise(
      freshFisik().map((item) => (item.id_fisik === 2 ? { ...item, nilai: 40 } : item)),
      2,
    );
    expect(runningAverage(items)).toBe(20);
  });
});
