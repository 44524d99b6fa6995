import { describe, expect, it } from 'vitest';
import { KoreksiBody } from '../src/contract/hasil';
import { KOMPONEN_NILAI, komponenTingkat, koreksiNilaiError, RENTANG_KOMPONEN } from '../src/rules/komponen';
import { KOMPONEN } from '../src/rules/pass-rule';

describe('where each component is stored', () => {
  it('has a column and a post for every component; KSHAN under level 5, the rest under the event', () => {
    expect(Object.keys(KOMPONEN_NILAI).sort()).toEqual(KOMPONEN.map((k) => k.key).sort());
    expect(KOMPONEN_NILAI.fisik.field).toBe('nilai_fisik2');
    expect(KOMPONEN_NILAI.belati.field).toBe('nilai_blati');
    expect([komponenTingkat('keshan', 3), komponenTingkat('kshan', 3), komponenTingkat('jurus', 3)]).toEqual([
      3, 5, 3,
    ]);
  });
});

describe('koreksiNilaiError', () => {
  it('keeps SAMBUNG, KSHAN and KESHAN on their scales and everything within 0–100', () => {
    expect(koreksiNilaiError('sambung', 85)).toBeNull();
    expect(koreksiNilaiError('sambung', 87)).toContain('SAMBUNG');
    expect(koreksiNilaiError('sambung', 95)).toContain('SAMBUNG');
    expect(koreksiNilaiError('kshan', 72.5)).toBeNull();
    expect(koreksiNilaiError('kshan', 0)).toBeNull();
    expect(koreksiNilaiError('kshan', 51)).toContain('KSHAN');
    expect(koreksiNilaiError('keshan', 100)).toBeNull();
    expect(koreksiNilaiError('keshan', 52)).toContain('KESHAN');
    expect(koreksiNilaiError('jurus', 72.4)).toBeNull();
    expect(koreksiNilaiError('fisik', 100.5)).toBe('nilai fisik 0 sampai 100');
  });

  it.each([
    ['jurus', 49, 'nilai jurus 50 sampai 85'],
    ['jurus', 86, 'nilai jurus 50 sampai 85'],
    ['pasang', 90, 'nilai pasangan 50 sampai 85'],
    ['kripen', 40, 'nilai kripen 50 sampai 85'],
    ['toyak_senam', 100, 'nilai toyak senam 50 sampai 85'],
    ['kshan', 95, 'nilai KSHAN harus'],
    ['keshan', 105, 'nilai KESHAN harus kelipatan 5'],
    ['fisik', -1, 'nilai fisik 0 sampai 100'],
  ] as const)('refuses %s = %s outside its own exam (%s)', (key, nilai, message) => {
    expect(koreksiNilaiError(key, nilai)).toContain(message);
  });

  it("accepts each exam's own ends", () => {
    for (const [key, { min, max }] of Object.entries(RENTANG_KOMPONEN)) {
      const k = key as keyof typeof RENTANG_KOMPONEN;
      expect([koreksiNilaiError(k, min), koreksiNilaiError(k, max)], key).toEqual([null, null]);
    }
  });

  it('is what KoreksiBody checks, naming the value', () => {
    const body = { id_siswa: 1, komponen: 'sambung', nilai: 87, alasan: 'Banding peserta' };
    const parsed = KoreksiBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['nilai']);
    expect(KoreksiBody.safeParse({ ...body, nilai: 85 }).success).toBe(true);
  });
});
