import { describe, expect, it } from 'vitest';
import {
  FIELD_LABELS,
  fieldLabel,
  fieldMessage,
  IMPOR_KOLOM,
  kolomDariJudul,
  PanitiaPeserta,
  PESERTA_DIJAGA,
  PESERTA_FIELDS,
  PESERTA_FIELDS_DATA,
  PESERTA_FIELDS_SENDIRI,
  PESERTA_KUNCI,
  PesertaInput,
  TINGKAT_WILAYAH,
} from '../src/index';

/** The first message of a failed PesertaInput check, as the console and the API show it. */
function message(body: Record<string, unknown>): string {
  const result = PesertaInput.safeParse({ nama: 'Ani', id_rayon: 1, ...body });
  const issue = result.error?.issues[0];
  return issue ? fieldMessage(issue.path, issue.message) : '';
}

describe("a participant's fields, described once", () => {
  it('lists the import columns in the template order the committee knows', () => {
    expect(IMPOR_KOLOM.peserta.map((c) => c.kolom)).toEqual(PESERTA_FIELDS.map((f) => f.kolom));
    expect(IMPOR_KOLOM.peserta.map((c) => [c.kolom, c.label, c.wajib])).toEqual([
      ['no_urut', 'No. Urut', true],
      ['nama', 'Nama', true],
      ['perwapus', 'Perwapus', true],
      ['cabang', 'Cabang', true],
      ['ranting', 'Ranting', true],
      ['rayon', 'Rayon', true],
      ['provinsi', 'Provinsi', false],
    ]);
    expect(kolomDariJudul('peserta', 'Nama Lengkap')?.kolom).toBe('nama');
    expect(kolomDariJudul('peserta', 'NO_URUT')?.kolom).toBe('no_urut');
  });

  it('names every field, and a region by its id too', () => {
    for (const f of PESERTA_FIELDS) {
      expect(f.label).not.toMatch(/_/);
      expect(FIELD_LABELS[f.kolom]).toBe(f.label);
      if (f.jenis === 'wilayah') expect(fieldLabel(`id_${f.kolom}`)).toBe(f.label);
    }
    expect(fieldLabel('no_urut')).toBe('No. urut');
  });

  it('holds the four regions in their order, top down', () => {
    expect(PESERTA_FIELDS.filter((f) => f.jenis === 'wilayah').map((f) => f.kolom)).toEqual([
      ...TINGKAT_WILAYAH,
    ]);
  });

  it('guards the name, the regions and the province of an examined participant (decision 149)', () => {
    expect(PESERTA_DIJAGA).toEqual(['nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi']);
    expect(PESERTA_KUNCI).toBe('no_urut');
    expect(PESERTA_FIELDS_DATA.map((f) => f.kolom)).toEqual(['nama', 'provinsi']);
  });

  it("gives the console's body its own fields and the rayon", () => {
    expect(Object.keys(PesertaInput.shape)).toEqual([
      ...PESERTA_FIELDS_SENDIRI.map((f) => f.kolom),
      'id_rayon',
    ]);
    expect(PesertaInput.parse({ nama: ' Ani ', id_rayon: '3' })).toEqual({
      nama: 'Ani',
      provinsi: '',
      id_rayon: 3,
    });
  });

  it("gives the console's participant its own fields and each region's id and name", () => {
    const keys = Object.keys(PanitiaPeserta.shape);
    for (const f of PESERTA_FIELDS) expect(keys).toContain(f.jenis === 'wilayah' ? `id_${f.kolom}` : f.kolom);
    for (const level of TINGKAT_WILAYAH) expect(keys).toContain(level);
  });

  it("keeps the console's limits, which are not the import's", () => {
    expect(message({ nama: 'a'.repeat(121) })).toBe('Nama paling panjang 120 karakter');
    expect(message({ nama: '' })).toBe('Nama wajib diisi');
    expect(message({ provinsi: 'p'.repeat(81) })).toBe('Provinsi paling panjang 80 karakter');
    expect(message({ no_urut: '0' })).toBe('No. urut harus 1 sampai 1000000');
    const nama = PESERTA_FIELDS.find((f) => f.kolom === 'nama');
    expect([nama?.max, nama && 'maxImpor' in nama ? nama.maxImpor : undefined]).toEqual([120, 200]);
  });
});
