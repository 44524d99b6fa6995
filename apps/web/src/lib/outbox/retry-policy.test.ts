import { DISAHKAN_MESSAGE } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { isTransientStatus, nextRetryDelayMs, retryAfterMs, retryDelayMs } from './retry-policy';

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
    // A ratified event refuses every score: kept on the phone as refused, never retried nor dropped.
    expect(isTransientStatus(409, DISAHKAN_MESSAGE)).toBe(false);
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

describe('retryAfterMs', () => {
  const now = Date.parse('2025-03-01T08:00:00Z');

  it('reads delay-seconds and an HTTP date', () => {
    expect(retryAfterMs('5', now)).toBe(5_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sat, 01 Mar 2025 08:00:12 GMT', now)).toBe(12_000);
    expect(retryAfterMs('Sat, 01 Mar 2025 07:59:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header and caps a long one at 5 minutes', () => {
    for (const header of [null, undefined, '', 'soon', '-3', '1.5'])
      expect(retryAfterMs(header, now)).toBeNull();
    expect(retryAfterMs('86400', now)).toBe(300_000);
  });
});

describe('nextRetryDelayMs', () => {
  const middle = () => 0.5;

  it('is the backoff when the server asked nothing or less', () => {
    expect(nextRetryDelayMs(1, null, middle)).toBe(2_000);
    expect(nextRetryDelayMs(3, 1_000, middle)).toBe(8_000);
  });

  it('never comes back sooner than Retry-After, spread up to a quarter later', () => {
    expect(nextRetryDelayMs(1, 10_000, () => 0)).toBe(10_000);
    expect(nextRetryDelayMs(1, 10_000, () => 1)).toBe(12_500);
  });
});
