/** A source of random numbers in [0, 1), passed in so draws are reproducible. */
export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same draws. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks `count` distinct values of `pool` at random (partial Fisher–Yates), in draw order. */
export function pickDistinct<T>(pool: readonly T[], count: number, rng: Rng): T[] {
  if (count > pool.length) throw new RangeError('Tidak cukup item untuk diundi');
  const copy = [...pool];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/** The whole numbers from `from` to `to`, both included. */
export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
