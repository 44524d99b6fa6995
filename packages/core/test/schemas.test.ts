import { describe, expect, it } from 'vitest';
import {
  FisikBody,
  isValidBonus,
  JawabanBody,
  KSHAN_SCALE,
  KSHAN_VALUES,
  NilaiBody,
  nilaiBodyFields,
  OtpVerifyBody,
  parseBonus,
  ROW_SCALE,
  SAMBUNG_SCALE,
  SiswaQuery,
  SiswaUpdateBody,
} from '../src';

const ids = { id_siswa: 7, id_ukt: 1, id_tingkat: 3 };
const failingField = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? null : result.error?.issues[0]?.path.join('.');

describe('score scales', () => {
  it('has sambung and KSHAN at 50–90 by 5, rows at 50 55 60 70 80', () => {
    expect(SAMBUNG_SCALE).toEqual([50, 55, 60, 65, 70, 75, 80, 85, 90]);
    expect(KSHAN_SCALE).toEqual(SAMBUNG_SCALE);
    expect(ROW_SCALE).toEqual([50, 55, 60, 70, 80]);
  });

  it('accepts only whole bonuses 0–5 and ignores other input', () => {
    expect([0, 5].every(isValidBonus)).toBe(true);
    expect([6, -1, 2.5, '3'].some(isValidBonus)).toBe(false);
    expect(parseBonus('3')).toBe(3);
    expect(parseBonus(' 0 ')).toBe(0);
    for (const ignored of ['6', '-1', '2.5', 'x', '', '10']) expect(parseBonus(ignored)).toBeNull();
  });
});

describe('score bodies', () => {
  it('accepts one group and says which', () => {
    const body = NilaiBody.parse({ ...ids, nilai_pasang: 75.5, nilai_pasang_plus: 3 });
    expect(nilaiBodyFields(body)).toEqual(['nilai_pasang', 'nilai_pasang_plus']);
    expect(NilaiBody.safeParse({ ...ids, nilai_sambung: 85 }).success).toBe(true);
    expect(NilaiBody.safeParse({ ...ids, id_tingkat: 5, nilai_kshan: 40 }).success).toBe(true);
    expect(NilaiBody.safeParse({ ...ids, nilai_jurus: 68, nilai_jurus_plus: 3 }).success).toBe(true);
  });

  it('refuses two groups at once, and values off the scales', () => {
    expect(NilaiBody.safeParse({ ...ids, nilai_sambung: 85, nilai_pasang: 60 }).success).toBe(false);
    expect(NilaiBody.safeParse({ ...ids, nilai_sambung: 87 }).success).toBe(false);
    expect(NilaiBody.safeParse({ ...ids, nilai_jurus: 90, nilai_jurus_plus: 5 }).success).toBe(false);
    expect(NilaiBody.safeParse({ ...ids, nilai_jurus: 70, nilai_jurus_plus: 6 }).success).toBe(false);
    expect(NilaiBody.safeParse({ ...ids, nilai_pasang: 86, nilai_pasang_plus: 5 }).success).toBe(false);
    expect(NilaiBody.safeParse({ ...ids, nilai_kshan: 41 }).success).toBe(false);
  });

  it('knows every KSHAN value: half the sum of two scale scores or 0', () => {
    expect(KSHAN_VALUES).toContain(0);
    expect(KSHAN_VALUES).toContain(25);
    expect(KSHAN_VALUES).toContain(77.5);
    expect(KSHAN_VALUES).toContain(90);
    expect(KSHAN_VALUES).not.toContain(26);
  });

  it('checks every converted physical value against its raw one, naming the field', () => {
    const good = {
      ...ids,
      nilai_mft: '5.2',
      nilai_mft2: 53,
      nilai_pushup: 30,
      nilai_pushup2: 75,
      nilai_sperperut_atas: 17,
      nilai_sperperut_atas2: 42.5,
      nilai_sperperut_bawah: 21,
      nilai_sperperut_bawah2: 52.5,
      nilai_plank: 90,
      nilai_plank2: 72,
    };
    expect(FisikBody.safeParse(good).success).toBe(true);
    expect(failingField(FisikBody.safeParse({ ...good, nilai_pushup2: 80 }))).toBe('nilai_pushup2');
    expect(failingField(FisikBody.safeParse({ ...good, nilai_mft: '9.13' }))).toBe('nilai_mft');
    expect(failingField(FisikBody.safeParse({ ...good, nilai_plank: 361 }))).toBe('nilai_plank');
  });

  it('checks the other request bodies', () => {
    expect(OtpVerifyBody.safeParse({ no_wa: '0812', kode: '12a4' }).success).toBe(false);
    expect(OtpVerifyBody.safeParse({ no_wa: '+62 812-3456-7890', kode: '1234' }).success).toBe(true);
    expect(OtpVerifyBody.safeParse({ no_wa: '+62 812', kode: '1234' }).success).toBe(false);
    expect(SiswaUpdateBody.safeParse({ id_ukt: 1, sudah_tes: 5 }).success).toBe(true);
    expect(SiswaUpdateBody.safeParse({ id_ukt: 1, sudah_tes: 5, sudah_fisik: 5 }).success).toBe(false);
    expect(SiswaUpdateBody.safeParse({ id_ukt: 1 }).success).toBe(false);
    expect(JawabanBody.safeParse({ ...ids, jawaban: [{ id_soal: 1, jawaban: 'e' }] }).success).toBe(false);
    const q = SiswaQuery.parse({ id_ukt: '2', id_cabang: '', hal: '3' });
    expect(q).toMatchObject({ id_ukt: 2, hal: 3, nama: '', posUjian: 0 });
    expect(q.id_cabang).toBeUndefined();
    expect(SiswaQuery.safeParse({ id_ukt: '../../etc' }).success).toBe(false);
  });
});

describe('ids', () => {
  it('takes whole numbers and strings of digits, nothing else', () => {
    const body = (id_siswa: unknown) => NilaiBody.safeParse({ ...ids, id_siswa, nilai_sambung: 80 });
    expect(body(7).success).toBe(true);
    expect(body('7').success).toBe(true);
    for (const bad of [true, [5], '0x10', '1e1', '', ' 7', 0, -1, 1.5, '../1', null]) {
      expect(body(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(SiswaQuery.safeParse({ id_ukt: 1, hal: '2e0' }).success).toBe(false);
    expect(SiswaQuery.safeParse({ id_ukt: 1, posUjian: '5' }).success).toBe(false);
  });
});
