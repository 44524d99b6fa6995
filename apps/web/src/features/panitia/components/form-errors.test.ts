import { KegiatanInput, PengujiInput } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './form-errors';

describe('fieldErrors', () => {
  it('puts the first message of each field of a core schema under that field', () => {
    const parsed = KegiatanInput.safeParse({
      nama_ukt: ' ',
      nama_kegiatan: 'Ujian',
      tanggal_tes: '2026-13-01',
      akhir_tes: '',
      id_tingkat: '5',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      nama_ukt: 'Nama UKT wajib diisi',
      tanggal_tes: 'Tanggal tes bukan tanggal yang ada di kalender',
      id_tingkat: 'Tingkat harus 1 sampai 4',
    });
  });

  it("shows a rule across fields under the field it names (a non-admin's region under cabang)", () => {
    const parsed = PengujiInput.safeParse({
      no_wa: '081234567890',
      nama: 'Rina',
      panitia: 'Penguji',
      dewan: '1',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(fieldErrors(parsed.error))).toEqual(['id_cabang']);
  });
});
