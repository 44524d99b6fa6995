import { itemAverageScore } from '@ukt/core';

/**
 * The average over the rows scored so far (0 before any): once every row is scored, the only time
 * it is saved, it is the exam's final average.
 */
export function scoredAverage(scores: readonly number[]): number {
  return itemAverageScore(
    scores.filter((s) => s > 0),
    0,
  );
}
