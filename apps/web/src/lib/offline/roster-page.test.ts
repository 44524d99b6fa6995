import type { RosterSiswa, SiswaRoster } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { komponenOfScore, rosterOptions, rosterPage, withScoresOnPhone } from './roster-page';

const siswa = (n: number, patch: Partial<RosterSiswa> = {}): RosterSiswa => ({
  id_siswa: 100 + n,
  no_urut: n,
  nama: `Peserta ${n}`,
  provinsi: 'Jawa Timur',
  id_perwapus: 1,
  id_cabang: 1,
  id_ranting: n % 2 ? 1 : 2,
  id_rayon: n % 2 ? 1 : 3,
  sudah_keshan: null,
  sudah_tes: null,
  sudah_fisik: null,
  sudah_sambung: null,
  mundur: 0,
  dinilai: [],
  kode_kartu: `UKT:1:${100 + n}:0123abcd`,
  ...patch,
});
const withRows = (rows: RosterSiswa[]): SiswaRoster => ({
  id_ukt: 1,
  perwapus: [{ id: 1, nama: 'Perwapus', id_parent: 1 }],
  cabang: [{ id: 1, nama: 'Cabang', id_parent: 1 }],
  ranting: [
    { id: 1, nama: 'Ranting Ganjil', id_parent: 1 },
    { id: 2, nama: 'Ranting Genap', id_parent: 1 },
  ],
  rayon: [
    { id: 1, nama: 'Rayon A', id_parent: 1 },
    { id: 3, nama: 'Rayon C', id_parent: 2 },
  ],
  siswa: rows,
});
const roster = withRows(Array.from({ length: 45 }, (_, i) => siswa(i + 1)));
const query = { hal: 1, nama: '', posUjian: 2, id_ukt: 1 };

describe('rosterPage', () => {
  it('pages by 20 like the server, with region names', () => {
    const third = rosterPage(roster, { ...query, hal: 3 }, '7');
    expect(third.meta).toEqual({ hal: 3, per_page: 20, total: 45, total_pages: 3 });
    expect(third.rows.map((r) => r.no_urut)).toEqual(['41', '42', '43', '44', '45']);
    expect(third.rows[0]).toMatchObject({
      id_siswa: '141',
      cabang: 'Cabang',
      nama_ranting: 'Ranting Ganjil',
    });
  });

  it('matches part of a name in any case, or a no_urut exactly', () => {
    expect(rosterPage(roster, { ...query, nama: 'PESERTA 4' }, '7').meta.total).toBe(7); // 4, 40–45
    expect(rosterPage(roster, { ...query, nama: '17' }, '7').rows.map((r) => r.no_urut)).toEqual(['17']);
  });

  it('filters by ranting and rayon ids', () => {
    const genap = rosterPage(roster, { ...query, id_ranting: '2' }, '7');
    expect(genap.meta.total).toBe(22);
    expect(genap.rows.every((r) => r.nama_ranting === 'Ranting Genap')).toBe(true);
    expect(rosterPage(roster, { ...query, id_ranting: '2', id_rayon: '1' }, '7').meta.total).toBe(0);
    expect(rosterOptions(roster, 'rayon', '2')).toEqual([{ id: '3', nama: 'Rayon C' }]);
  });

  it("lists only those without the exam's score for 'Belum dinilai', and never the withdrawn", () => {
    const rows = withRows([
      siswa(1, { dinilai: ['jurus'] }),
      siswa(2, { dinilai: ['senam'] }),
      siswa(3, { mundur: 1 }),
    ]);
    expect(rosterPage(rows, { ...query, belum_dinilai: 'jurus' }, '7').rows.map((r) => r.no_urut)).toEqual([
      '2',
    ]);
    expect(rosterPage(rows, query, '7').rows.map((r) => r.no_urut)).toEqual(['1', '2']);
  });

  it("marks a participant held by another examiner at the asked post, not the examiner's own", () => {
    const held = withRows([
      siswa(1, { sudah_tes: 9 }),
      siswa(2, { sudah_tes: 7 }),
      siswa(3, { sudah_fisik: 9 }),
    ]);
    expect(rosterPage(held, query, '7').rows.map((r) => r.sudah_ujian)).toEqual([1, 0, 0]);
  });

  it('keeps the page inside the results when a search shrinks them', () => {
    expect(rosterPage(roster, { ...query, hal: 3, nama: '1' }, '7').meta.hal).toBe(1);
  });
});

describe('withScoresOnPhone', () => {
  it('names the exam of a record column, KSHAN by its level', () => {
    expect(komponenOfScore('nilai_blati', 2)).toBe('belati');
    expect(komponenOfScore('nilai_toyak_jurus', 2)).toBe('toyak_jurus');
    expect(komponenOfScore('nilai_fisik2', 3)).toBe('fisik');
    expect(komponenOfScore('nilai_kshan', 2)).toBe('keshan');
    expect(komponenOfScore('nilai_kshan', 5)).toBe('kshan');
    expect(komponenOfScore('nilai_mft2', 3)).toBeNull();
  });

  it("marks the phone's scores on the copy, so the participant leaves 'Belum dinilai'", () => {
    const rows = withRows([siswa(1, { dinilai: ['jurus'] }), siswa(2)]);
    const marked = withScoresOnPhone(rows, [
      { idSiswa: 101, idTingkat: 2, field: 'nilai_jurus' },
      { idSiswa: 101, idTingkat: 2, field: 'nilai_blati' },
      { idSiswa: 102, idTingkat: 5, field: 'nilai_kshan' },
    ]);
    expect(marked.siswa.map((s) => s.dinilai)).toEqual([['jurus', 'belati'], ['kshan']]);
    expect(rosterPage(marked, { ...query, belum_dinilai: 'belati' }, '7').rows.map((r) => r.no_urut)).toEqual(
      ['2'],
    );
    expect(withScoresOnPhone(rows, [])).toBe(rows);
  });
});
