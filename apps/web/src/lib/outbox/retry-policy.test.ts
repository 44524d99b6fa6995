import { describe, expect, it } from 'vitest';
import { isTransientStatus, retryDelayMs } from './retry-policy';

describe('isTransientStatus', () => {
  it('retries no network, server errors, timeouts, rate limits and a lost login', () => {
    for (const status of [0, 500, 502, 503, 401, 408, 425, 429])
      expect(isTransientStatus(status, '')).toBe(true);
  });

  it('keeps every other 4xx for the examiner to see', () => {
    for (const status of [400, 403, 404, 413, 422]) expect(isTransientStatus(status, '')).toBe(false);
  });

  it("retries the idempotency 409 'still running' but not a participant taken by someone else", () => {
    expect(isTransientStatus(409, 'Permintaan yang sama masih diproses. Coba lagi sebentar.')).toBe(true);
    expect(isTransientStatus(409, 'Peserta ini sedang diuji oleh Budi Santoso di pos ini.')).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 30 s', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => retryDelayMs(n, middle))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads by a quarter either way', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1_500);
    expect(retryDelayMs(1, () => 1)).toBe(2_500);
  });
});
