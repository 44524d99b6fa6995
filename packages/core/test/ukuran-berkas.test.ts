import { describe, expect, it } from 'vitest';
import { formatUkuran } from '../src/rules/ukuran-berkas';

describe('formatUkuran', () => {
  it.each([
    [0, '0 KB'],
    [200, '1 KB'],
    [15 * 1024, '15 KB'],
    [15_400, '15 KB'],
    [850 * 1024, '850 KB'],
    [1023.6 * 1024, '1 MB'],
    [1.2 * 1024 * 1024, '1,2 MB'],
    [2 * 1024 * 1024, '2 MB'],
    [12.44 * 1024 * 1024, '12,4 MB'],
    [1000 * 1024 * 1024, '1.000 MB'],
    [3.4 * 1024 ** 3, '3,4 GB'],
  ])('%d bytes read as %s', (bytes, shown) => {
    expect(formatUkuran(bytes)).toBe(shown);
  });
});
