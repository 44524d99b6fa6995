import { describe, expect, it } from 'vitest';
import { kolomDariJudul, labelKolom } from '../src/rules/impor-kolom';
import {
  kunciNama,
  rapikanNama,
  rapikanNamaWilayah,
  rapikanSpasi,
  wilayahMirip,
} from '../src/rules/impor-teks';

describe('rapikanNama', () => {
  it('writes names typed in one case in title case, tidying spaces', () => {
    expect(rapikanNama('siti aminah')).toBe('Siti Aminah');
    expect(rapikanNama('MUHAMMAD RIZAL')).toBe('Muhammad Rizal');
    expect(rapikanNama('  Dwi  Hartono ')).toBe('Dwi Hartono');
    expect(rapikanNama('NUR-AINI\u00a0putri')).toBe('Nur-Aini Putri');
  });

  it('keeps particles small, and words and titles typed with care as they are', () => {
    expect(rapikanNama('AHMAD BIN YUSUF')).toBe('Ahmad bin Yusuf');
    expect(rapikanNama('siti binti ali')).toBe('Siti binti Ali');
    expect(rapikanNama('Ronald McDonald')).toBe('Ronald McDonald');
    expect(rapikanNama('budi santoso, S.Pd.')).toBe('Budi Santoso, S.Pd.');
    expect(rapikanNama("MA'RUF amin")).toBe("Ma'ruf Amin");
    expect(rapikanNama('Bin Laden')).toBe('Bin Laden');
  });
});

describe('rapikanNamaWilayah', () => {
  it("tidies a region name typed in one case as a person's name, and keeps one typed with care", () => {
    expect(rapikanNamaWilayah('mejayan')).toBe('Mejayan');
    expect(rapikanNamaWilayah(' RANTING  TAMAN BARU ')).toBe('Ranting Taman Baru');
    expect(rapikanNamaWilayah('rayon nur-aini 2')).toBe('Rayon Nur-Aini 2');
    expect(rapikanNamaWilayah('Rayon SMPN 1  Madiun')).toBe('Rayon SMPN 1 Madiun');
    expect(rapikanNamaWilayah('ranting Mejayan')).toBe('ranting Mejayan');
    expect(rapikanNamaWilayah('')).toBe('');
  });
});

describe('names compared', () => {
  it('ignores case and runs of spaces', () => {
    expect(rapikanSpasi('  Cabang   Kota\tMadiun ')).toBe('Cabang Kota Madiun');
    expect(kunciNama('cabang kota  MADIUN')).toBe(kunciNama('Cabang Kota Madiun'));
  });
});

describe('wilayahMirip', () => {
  const stored = [
    { id: 1, nama: 'Ranting Taman' },
    { id: 2, nama: 'Ranting Manguharjo' },
    { id: 3, nama: 'Ranting Kartoharjo' },
  ];
  it('finds the stored region a name probably means: a letter off, or without its level word', () => {
    expect(wilayahMirip('ranting', 'Ranting Tamn', stored)?.id).toBe(1);
    expect(wilayahMirip('ranting', 'Taman', stored)?.id).toBe(1);
    expect(wilayahMirip('ranting', 'Ranting Manguharjoo', stored)?.id).toBe(2);
    expect(wilayahMirip('ranting', 'Ranting Kartohajo', stored)?.id).toBe(3);
  });
  it('finds none for a name that is simply new, and never for very short ones', () => {
    expect(wilayahMirip('ranting', 'Ranting Jiwan', stored)).toBeNull();
    expect(wilayahMirip('rayon', 'Rayon A', [{ nama: 'Rayon B' }])).toBeNull();
    expect(wilayahMirip('ranting', 'Ranting Taman', [])).toBeNull();
  });
});

describe('import headers', () => {
  it('match a column by its field, label or synonym, whatever the case, spaces, dots or underscores', () => {
    for (const judul of ['no_urut', 'No Urut', 'NO_URUT', 'Nomor Urut', 'No.', 'no. urut'])
      expect(kolomDariJudul('peserta', judul)?.kolom).toBe('no_urut');
    for (const judul of ['Nama Lengkap', 'NAMA PESERTA', 'nama'])
      expect(kolomDariJudul('peserta', judul)?.kolom).toBe('nama');
    expect(kolomDariJudul('penguji', 'No. HP')?.kolom).toBe('no_wa');
    expect(kolomDariJudul('soal', 'No.')?.kolom).toBe('no');
    expect(kolomDariJudul('peserta', 'Keterangan')).toBeUndefined();
  });
  it('have labels a committee reads', () => {
    expect(labelKolom('peserta', 'no_urut')).toBe('No. Urut');
    expect(labelKolom('kegiatan', 'id_ukt')).toBe('ID Kegiatan');
  });
});
