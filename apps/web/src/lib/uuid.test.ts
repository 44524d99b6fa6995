import { describe, expect, it } from 'vitest';
import { randomId } from './uuid';

describe('randomId', () => {
  it('is a version 4 UUID', () => {
    for (let i = 0; i < 200; i++) {
      expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(seen.size).toBe(1000);
  });

  it('works where crypto.randomUUID does not exist (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(randomId()).toHaveLength(36);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
