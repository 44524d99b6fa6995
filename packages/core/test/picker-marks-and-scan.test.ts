import { describe, expect, it } from 'vitest';
import { checkScannedCard, dinilaiOf, marksForPost, type RosterSiswa } from '../src';

describe('marksForPost', () => {
  it('shows J S B P first at TEKNIK, then the other technique exams', () => {
    expect(marksForPost(2).map((m) => m.huruf)).toEqual(['J', 'S', 'B', 'P', 'KR', 'ST', 'JT']);
    expect(marksForPost(1).map((m) => m.key)).toEqual(['keshan', 'kshan']);
    expect(marksForPost(3).map((m) => m.key)).toEqual(['fisik']);
    expect(marksForPost(0)).toEqual([]);
  });

  it('gives a dewan 2 examiner only the KESHAN marks', () => {
    expect(marksForPost(2, { dewan: '2' })).toEqual([]);
    expect(marksForPost(1, { dewan: 2 }).map((m) => m.key)).toEqual(['keshan', 'kshan']);
  });
});

describe('dinilaiOf', () => {
  it('reads KESHAN at the event level and KSHAN at level 5 from the same column', () => {
    expect(dinilaiOf([{ field: 'nilai_kshan', id_tingkat: 3 }], 3)).toEqual(['keshan']);
    expect(dinilaiOf([{ field: 'nilai_kshan', id_tingkat: 5 }], 3)).toEqual(['kshan']);
    expect(dinilaiOf([{ field: 'nilai_jurus', id_tingkat: 2 }], 3)).toEqual([]);
    expect(
      dinilaiOf(
        [
          { field: 'nilai_fisik2', id_tingkat: 1 },
          { field: 'nilai_blati', id_tingkat: 1 },
        ],
        1,
      ),
    ).toEqual(['belati', 'fisik']);
  });
});

describe('checkScannedCard', () => {
  const siswa = (id: number, patch: Partial<RosterSiswa> = {}): RosterSiswa => ({
    id_siswa: id,
    no_urut: id,
    nama: `Peserta ${id}`,
    provinsi: 'Jawa Timur',
    id_perwapus: 1,
    id_cabang: 1,
    id_ranting: 1,
    id_rayon: 1,
    sudah_keshan: null,
    sudah_tes: null,
    sudah_fisik: null,
    sudah_sambung: null,
    mundur: 0,
    dinilai: [],
    kode_kartu: `UKT:2:${id}:0123abcd`,
    ...patch,
  });
  const roster = { siswa: [siswa(7), siswa(8, { mundur: 1, kode_kartu: 'UKT:2:8:89abcdef' })] };

  it('accepts a card of the event whose code the roster carries', () => {
    expect(checkScannedCard(' UKT:2:7:0123abcd\n', 2, roster)).toEqual({ ok: true, siswa: roster.siswa[0] });
  });

  it('refuses anything else with a message saying what to do', () => {
    const message = (text: string, r: typeof roster | null = roster) => {
      const result = checkScannedCard(text, 2, r);
      return result.ok ? null : result.message;
    };
    expect(message('https://example.com')).toMatch(/bukan kartu peserta UKT/);
    expect(message('UKT:3:7:0123abcd')).toMatch(/kegiatan lain \(id_ukt 3\)/);
    expect(message('UKT:2:7:0123abce')).toMatch(/Kartu tidak sah/);
    expect(message('UKT:2:99:0123abcd')).toMatch(/tidak ada di daftar Anda/);
    expect(message('UKT:2:8:89abcdef')).toMatch(/Peserta 8 \(no\. 8\) sudah mundur/);
    expect(message('UKT:2:7:0123abcd', null)).toMatch(/belum tersimpan di HP/);
  });
});
