import type { SiswaRow } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { rosterPage } from './roster-page';

const row = (n: number, patch: Partial<SiswaRow> = {}): SiswaRow => ({
  id_siswa: String(100 + n),
  no_urut: String(n),
  nama: `Peserta ${n}`,
  cabang: 'Cabang',
  provinsi: 'Jawa Timur',
  nama_ranting: 'Ranting',
  nama_rayon: 'Rayon',
  sudah_keshan: null,
  sudah_tes: null,
  sudah_fisik: null,
  sudah_sambung: null,
  sudah_ujian: 0,
  ...patch,
});
const roster = Array.from({ length: 45 }, (_, i) => row(i + 1));
const query = { hal: 1, nama: '', posUjian: 2, id_ukt: 1 };

describe('rosterPage', () => {
  it('pages by 20 like the server', () => {
    const third = rosterPage(roster, { ...query, hal: 3 }, '7');
    expect(third.meta).toEqual({ hal: 3, per_page: 20, total: 45, total_pages: 3 });
    expect(third.rows.map((r) => r.no_urut)).toEqual(['41', '42', '43', '44', '45']);
  });

  it('matches part of a name in any case, or a no_urut exactly', () => {
    expect(rosterPage(roster, { ...query, nama: 'PESERTA 4' }, '7').meta.total).toBe(7); // 4, 40–45
    expect(rosterPage(roster, { ...query, nama: '17' }, '7').rows.map((r) => r.no_urut)).toEqual(['17']);
  });

  it("marks a participant held by another examiner at the asked post, not the examiner's own", () => {
    const held = [row(1, { sudah_tes: '9' }), row(2, { sudah_tes: '7' }), row(3, { sudah_fisik: '9' })];
    expect(rosterPage(held, query, '7').rows.map((r) => r.sudah_ujian)).toEqual([1, 0, 0]);
  });

  it('keeps the page inside the results when a search shrinks them', () => {
    expect(rosterPage(roster, { ...query, hal: 3, nama: '1' }, '7').meta.hal).toBe(1);
  });
});
