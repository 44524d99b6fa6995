import { API, ImporHasil, ImporPratinjau, PanitiaSoal } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';
import { storedSiswa } from '../../support/stored-siswa';

// The text a committee's own files hold (issue 32): a CSV Excel saved as "CSV (Comma delimited)"
// is Windows-1252, whose bytes 0x80–0x9F are ’ “ ” – € and more (not the ISO-8859-1 controls
// Node 20's TextDecoder makes of them); and regions are typed in one case like names are.

/**
 * Text as Excel writes it in Windows-1252: the characters of 0x80–0x9F used here by their bytes
 * (from the code page's published table), every other character as its Latin-1 byte.
 */
const CP1252: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((c) => {
      const byte = CP1252[c] ?? c.charCodeAt(0);
      if (byte > 0xff) throw new Error(`not in the test's table: ${c}`);
      return byte;
    }),
  );
}

const P = 'Perwapus Teks Excel';
const C = 'Cabang Kota Madiun';
const R = 'Ranting Taman';
const Y = 'Rayon Demangan';

describe.each(DATABASES)('the text of committee files on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const send = (path: string, filename: string, data: Buffer | string) => {
    const { payload, headers } = multipartSheet(filename, data);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
  };

  const stored = (no: number) => storedSiswa(t, no);

  it('reads ’ “ ” – € of a Windows-1252 CSV as those characters, in the preview and as stored', async () => {
    const file = windows1252(
      [
        'No. Urut;Nama;Perwapus;Cabang;Ranting;Rayon;Provinsi',
        `7001;Siti Ni’mah;${P};${C};${R};${Y};Jawa Timur – Madiun`,
        `7002;Ahmad “Gus” Fauzi;${P};${C};${R};${Y};Jawa Timur`,
        `7003;José Ramírez;${P};${C};${R};${Y};Jawa Timur`,
        '',
      ].join('\r\n'),
    );
    // The file really is not UTF-8, and really holds the bytes Excel writes for these characters.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();
    expect(file.includes(Buffer.from([0x4e, 0x69, 0x92, 0x6d, 0x61, 0x68]))).toBe(true);

    const preview = await send(API.panitia.imporPratinjau.href('peserta', '?id_ukt=1'), 'excel.csv', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = ImporPratinjau.parse(preview.json().data);
    expect(data.baris.map((b) => b.data.nama)).toEqual(['Siti Ni’mah', 'Ahmad “Gus” Fauzi', 'José Ramírez']);
    expect(data.baris[0]?.data.provinsi).toBe('Jawa Timur – Madiun');
    expect(data.catatan.some((c) => c.includes('Windows-1252'))).toBe(true);

    const applied = await send(API.panitia.impor.href('peserta', '?id_ukt=1'), 'excel.csv', file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(ImporHasil.parse(applied.json().data)).toMatchObject({ baru: 3 });
    expect(await stored(7001)).toMatchObject({ nama: 'Siti Ni’mah', provinsi: 'Jawa Timur – Madiun' });
    expect((await stored(7002)).nama).toBe('Ahmad “Gus” Fauzi');
    expect((await stored(7003)).nama).toBe('José Ramírez');
  });

  it('reads questions of a Windows-1252 CSV with “ ” – € ’ as the examiners will see them', async () => {
    const file = windows1252(
      [
        'no,soal_tanya,a,b,c,d,jawaban_benar',
        '1,"Apa arti “Persaudaraan” dalam ajaran kita?",Saling menolong,Bertanding,Berlatih – sendiri,Menang,a',
        '2,Berapa iuran latihan bila dihitung dalam euro?,€1,€2,€5,Tidak ada,d',
        '3,Siapa yang disebut “guru”?,Pelatih,Teman,Orang tua,Semua yang mengajar’,d',
        '',
      ].join('\r\n'),
    );
    const res = await send(API.panitia.impor.href('soal', '?tingkat=1'), 'soal.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    const list = await api(t, admin, 'GET', API.panitia.soal.href(1));
    expect(list.statusCode, list.body).toBe(200);
    const soal = z.array(PanitiaSoal).parse(list.json().data);
    const byNo = new Map(soal.map((s) => [s.no, s]));
    expect(byNo.get(1)).toMatchObject({
      soal_tanya: 'Apa arti “Persaudaraan” dalam ajaran kita?',
      c: 'Berlatih – sendiri',
    });
    expect(byNo.get(2)).toMatchObject({ a: '€1', b: '€2', c: '€5' });
    expect(byNo.get(3)).toMatchObject({
      soal_tanya: 'Siapa yang disebut “guru”?',
      d: 'Semua yang mengajar’',
    });
  });

  it('writes a new region typed in one case as names are written, and keeps one typed with care', async () => {
    const csv = [
      'no_urut,nama,perwapus,cabang,ranting,rayon',
      `7101,dwi hartono,perwapus timur baru,CABANG MEJAYAN,mejayan,rayon krajan`,
      `7102,RINA WATI,perwapus timur baru,CABANG MEJAYAN,mejayan,Rayon SMPN 1 Mejayan`,
      // A name matching a stored region keeps the stored spelling.
      `7103,Eko Prasetyo,${P.toLowerCase()},${C.toUpperCase()},${R.toLowerCase()},${Y.toUpperCase()}`,
      '',
    ].join('\n');
    const preview = await send(API.panitia.imporPratinjau.href('peserta', '?id_ukt=1'), 'wilayah.csv', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = ImporPratinjau.parse(preview.json().data);
    expect(data.baris[0]?.data).toMatchObject({
      nama: 'Dwi Hartono',
      perwapus: 'Perwapus Timur Baru',
      cabang: 'Cabang Mejayan',
      ranting: 'Mejayan',
      rayon: 'Rayon Krajan',
    });
    expect(data.wilayah.map((w) => [w.tingkat, w.nama])).toEqual([
      ['perwapus', 'Perwapus Timur Baru'],
      ['cabang', 'Cabang Mejayan'],
      ['ranting', 'Mejayan'],
      ['rayon', 'Rayon Krajan'],
      ['rayon', 'Rayon SMPN 1 Mejayan'],
    ]);
    expect(data.baris[2]?.data).toMatchObject({ perwapus: P, cabang: C, ranting: R, rayon: Y });

    const applied = await send(API.panitia.impor.href('peserta', '?id_ukt=1'), 'wilayah.csv', csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stored(7101)).toMatchObject({
      nama: 'Dwi Hartono',
      perwapus: 'Perwapus Timur Baru',
      cabang: 'Cabang Mejayan',
      ranting: 'Mejayan',
      rayon: 'Rayon Krajan',
    });
    expect(await stored(7102)).toMatchObject({
      nama: 'Rina Wati',
      ranting: 'Mejayan',
      rayon: 'Rayon SMPN 1 Mejayan',
    });
    expect(await stored(7103)).toMatchObject({ perwapus: P, cabang: C, ranting: R, rayon: Y });
  });
});
