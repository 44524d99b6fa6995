import { describe, expect, it } from 'vitest';
import { kesalahanCsv, kesalahanFileName } from './kesalahan-csv';

describe('the error file of an import preview', () => {
  it('holds each error row as the file gave it, with its line and mistake beside it', () => {
    const csv = kesalahanCsv('peserta', [
      {
        baris: 3,
        kolom: 'Cabang',
        pesan: 'wajib diisi',
        isi: {
          no_urut: '131',
          nama: 'Budi; "Bud"',
          perwapus: 'P1',
          cabang: '',
          ranting: 'R1',
          rayon: 'Y1',
          provinsi: '-',
        },
      },
      { baris: 0, kolom: '', pesan: 'berkas tidak berisi data' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'No. Urut;Nama;Perwapus;Cabang;Ranting;Rayon;Provinsi;Baris;Kesalahan',
      '131;"Budi; ""Bud""";P1;;R1;Y1;-;3;kolom Cabang: wajib diisi',
      ';;;;;;;;berkas tidak berisi data',
      '',
    ]);
  });

  it('defuses formulas but keeps numbers and phone numbers as they are', () => {
    const csv = kesalahanCsv('penguji', [
      {
        baris: 2,
        kolom: 'Nama',
        pesan: 'wajib diisi',
        isi: { no_wa: '+6281234567890', nama: '=HYPERLINK("x")', perwapus: '@a', cabang: '-5' },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `+6281234567890;"'=HYPERLINK(""x"")";'@a;-5;;;2;kolom Nama: wajib diisi`,
    );
  });

  it('is named after the imported file', () => {
    expect(kesalahanFileName('peserta ukt.xlsx', 'peserta')).toBe('peserta ukt-kesalahan.csv');
    expect(kesalahanFileName(undefined, 'soal')).toBe('impor-soal-kesalahan.csv');
  });
});
