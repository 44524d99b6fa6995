import {
  API,
  IMPOR_KEPUTUSAN_FIELD,
  IMPOR_MAX_ROWS,
  ImporDitolak,
  ImporHasil,
  type ImporKeputusan,
  ImporPratinjau,
} from '@ukt/core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewImport } from '../../../src/modules/imports/imports.service';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';
import { xlsx } from '../../support/xlsx';

// The messy spreadsheets a committee really sends (docs/decisions/103, 104): a title above the
// header, headers in other words and cases, names typed in capitals, regions typed in other
// cases or slightly wrong, a CSV saved in Windows-1252, and files far too big once unpacked.

const P = 'Perwapus Uji Impor';
const C = 'Cabang Kota Madiun';
const R = 'Ranting Taman';
const Y = 'Rayon Demangan';

describe.each(DATABASES)('forgiving imports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const send = (path: string, filename: string, data: Buffer | string, fields?: Record<string, string>) => {
    const { payload, headers } = multipartSheet(filename, data, fields);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
  };
  const preview = (filename: string, data: Buffer | string) =>
    send(API.panitia.imporPratinjau.href('peserta', '?id_ukt=1'), filename, data);
  const apply = (filename: string, data: Buffer | string, decisions?: ImporKeputusan) =>
    send(
      API.panitia.impor.href('peserta', '?id_ukt=1'),
      filename,
      data,
      decisions ? { [IMPOR_KEPUTUSAN_FIELD]: JSON.stringify(decisions) } : {},
    );

  const stored = (no: number) =>
    t.app.db
      .selectFrom('siswa')
      .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
      .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
      .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
      .select(['siswa.nama', 'cabang.nama as cabang', 'ranting.nama as ranting', 'rayon.nama as rayon'])
      .where('siswa.id_ukt', '=', 1)
      .where('siswa.no_urut', '=', no)
      .executeTakeFirst();
  /** The names of the branches of P, or the sub-branches of its branch C, like a pattern. */
  const named = async (table: 'cabang' | 'ranting', pattern: string) => {
    const perwapus = t.app.db.selectFrom('perwapus').select('id').where('nama', '=', P);
    const parents =
      table === 'cabang'
        ? perwapus
        : t.app.db.selectFrom('cabang').select('id').where('nama', '=', C).where('id_parent', 'in', perwapus);
    const rows = await t.app.db
      .selectFrom(table)
      .select('nama')
      .where('nama', 'like', pattern)
      .where('id_parent', 'in', parents)
      .execute();
    return rows.map((r) => r.nama);
  };

  it('reads a header under a title with other words for its columns, and matches regions whatever their case', async () => {
    const clean = await apply(
      'awal.csv',
      `No Urut,Nama,Perwapus,Cabang,Ranting,Rayon\n5001,Ani Lestari,${P},${C},${R},${Y}\n`,
    );
    expect(clean.statusCode, clean.body).toBe(200);

    const messy = await xlsx([
      ['DAFTAR PESERTA UKT 2026'],
      [],
      ['NO_URUT', 'Nama Lengkap', 'perwapus', 'CABANG', 'Ranting', 'rayon', 'Keterangan'],
      [
        5002,
        'siti aminah',
        'perwapus uji impor',
        'cabang kota madiun',
        'RANTING TAMAN',
        'Rayon  Demangan',
        'pindahan',
      ],
      [5003, 'MUHAMMAD RIZAL', P, C, 'Ranting Tamn', Y, ''],
      [5004, 'Dwi  Hartono', P, C, R, 'Rayon Baru Sekali', ''],
      [5005, 'budi bin yusuf', P, C, 'Taman', Y, ''],
    ]);
    const res = await preview('peserta berantakan.xlsx', messy);
    expect(res.statusCode, res.body).toBe(200);
    const data = ImporPratinjau.parse(res.json().data);
    expect(data).toMatchObject({ jumlah_baris: 4, baru: 4, jumlah_kesalahan: 0 });
    expect(data.baris.map((b) => b.data.nama)).toEqual([
      'Siti Aminah',
      'Muhammad Rizal',
      'Dwi Hartono',
      'Budi bin Yusuf',
    ]);
    // Shown as they will be stored: a region matched whatever its case, by its stored name.
    expect(data.baris[0]?.data).toMatchObject({ perwapus: P, cabang: C, ranting: R, rayon: Y });
    expect(data.baris[1]?.data).toMatchObject({ ranting: 'Ranting Tamn' });
    expect(data.catatan).toEqual([
      'Baris judul ada di baris 3; baris di atasnya tidak diimpor.',
      'Kolom "Keterangan" tidak dikenal dan tidak diimpor.',
    ]);
    // `cabang kota madiun` and `RANTING TAMAN` are the stored regions; near misses and new ones are listed.
    expect(data.wilayah.map((w) => [w.tingkat, w.nama, w.mirip, w.baris])).toEqual([
      ['ranting', 'Ranting Tamn', R, 5],
      ['rayon', 'Rayon Baru Sekali', null, 6],
      ['ranting', 'Taman', R, 7],
    ]);
    expect(data.wilayah[0]?.induk).toEqual([P, C]);

    // Undecided near misses refuse the import, naming them; nothing is written.
    const refused = await apply('peserta berantakan.xlsx', messy);
    expect(refused.statusCode).toBe(400);
    const answer = ImporDitolak.parse(refused.json());
    expect(answer.message).toContain('2 nama wilayah mirip wilayah yang sudah ada dan belum diputuskan');
    expect(answer.message).toContain('"Ranting Tamn" (mirip "Ranting Taman")');
    expect(await stored(5002)).toBeUndefined();
    expect(await named('ranting', '%Tam%')).toEqual([R]);

    const [tamn, taman] = [data.wilayah[0]?.kunci as string, data.wilayah[2]?.kunci as string];
    const done = await apply('peserta berantakan.xlsx', messy, { [tamn]: 'pakai', [taman]: 'baru' });
    expect(done.statusCode, done.body).toBe(200);
    expect(ImporHasil.parse(done.json().data)).toEqual({ baru: 4, diperbarui: 0, tetap: 0 });
    expect(await stored(5002)).toEqual({ nama: 'Siti Aminah', cabang: C, ranting: R, rayon: Y });
    expect(await stored(5003)).toMatchObject({ nama: 'Muhammad Rizal', ranting: R });
    expect(await stored(5004)).toMatchObject({ nama: 'Dwi Hartono', rayon: 'Rayon Baru Sekali' });
    expect(await stored(5005)).toMatchObject({ nama: 'Budi bin Yusuf', ranting: 'Taman' });
    // No second branch beside "Cabang Kota Madiun", no "RANTING TAMAN" beside "Ranting Taman".
    expect(await named('cabang', '%adiun%')).toEqual([C]);
    expect((await named('ranting', '%Tam%')).sort()).toEqual([R, 'Taman']);

    // Decided once, the same file again changes nothing.
    const again = await apply('peserta berantakan.xlsx', messy, { [tamn]: 'pakai', [taman]: 'baru' });
    expect(ImporHasil.parse(again.json().data)).toEqual({ baru: 0, diperbarui: 0, tetap: 4 });
  });

  it('reads a CSV saved in Windows-1252 as such, and says so (semicolons, under a title line)', async () => {
    const csv = Buffer.from(
      `Daftar peserta UKT\nNo.;Nama Peserta;Perwapus;Cabang;Ranting;Rayon\n5010;José Ramírez;${P};${C};${R};${Y}\n`,
      'latin1',
    );
    const res = await preview('latin1.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = ImporPratinjau.parse(res.json().data);
    expect(data.baris[0]?.data.nama).toBe('José Ramírez');
    expect(data.catatan).toContain(
      'Berkas CSV ini bukan UTF-8; dibaca sebagai Windows-1252 (Latin-1). Periksa huruf seperti é di pratinjau.',
    );
    const utf8 = ImporPratinjau.parse((await preview('utf8.csv', csv.toString('latin1'))).json().data);
    expect(utf8.baris[0]?.data.nama).toBe('José Ramírez');
    expect(utf8.catatan).toEqual(['Baris judul ada di baris 2; baris di atasnya tidak diimpor.']);
  });

  it('names the columns it could not find when no row of the first ten is a header', async () => {
    const csv = `Daftar peserta\n${'\n'.repeat(3)}Nomor,Nama Lengkap,Cabang\n1,Ani,C\n`;
    const res = await preview('tanpa-judul.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      'tanpa-judul.csv: baris judul tidak ditemukan: kolom "Perwapus", "Ranting", "Rayon" tidak ada di 10 baris pertama. Pakai judul kolom seperti di templat.',
    );
  });

  it('runs three imports of one file at once one after the other: one adds the rows, the others find them', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${6001 + i},Peserta ${i + 1},${P},${C},${R},${Y}`);
    const csv = `no_urut,nama,perwapus,cabang,ranting,rayon\n${lines.join('\n')}\n`;
    const answers = await Promise.all([1, 2, 3].map(() => apply('bersamaan.csv', csv)));
    const reports = answers.map((a) => ImporHasil.parse(a.json().data));
    expect(reports.map((r) => r.baru).sort()).toEqual([0, 0, 300]);
    expect(reports.map((r) => r.tetap).sort()).toEqual([0, 300, 300]);
  });

  it(`refuses a file of more than ${IMPOR_MAX_ROWS} rows`, { timeout: 60_000 }, async () => {
    const row = `,Peserta,${P},${C},${R},${Y}\n`;
    let csv = 'no_urut,nama,perwapus,cabang,ranting,rayon\n';
    // One number again and again: every row after the first is a mistake the database never sees.
    csv += `1${row}`.repeat(IMPOR_MAX_ROWS + 1);
    const res = await preview('banyak.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      'banyak.csv: berkas berisi lebih dari 200.000 baris data. Bagi datanya menjadi beberapa berkas, lalu impor satu per satu.',
    );
  });

  it('refuses an .xlsx that unpacks to more than the limit (a zip bomb) while unpacking it', {
    timeout: 60_000,
  }, async () => {
    // A real workbook whose sheet is padded to 210 MB: it compresses to a few hundred kilobytes.
    const zip = await JSZip.loadAsync(
      await xlsx([['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon']]),
    );
    const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) as string;
    const cut = sheet.indexOf('</sheetData>');
    const padding = Buffer.alloc(210 * 1024 * 1024, 0x20);
    zip.file(
      'xl/worksheets/sheet1.xml',
      Buffer.concat([Buffer.from(sheet.slice(0, cut)), padding, Buffer.from(sheet.slice(cut))]),
    );
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await preview('bom.xlsx', bomb);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain(
      'bom.xlsx: isi berkas .xlsx terlalu besar setelah dibuka (lebih dari 200 MB). Bagi datanya menjadi beberapa berkas, lalu impor satu per satu.',
    );
  });

  it('stops reading when the client has gone away', async () => {
    const gone = new AbortController();
    const csv = `no_urut,nama,perwapus,cabang,ranting,rayon\n${`1,Ani,${P},${C},${R},${Y}\n`.repeat(5000)}`;
    // The client goes away once the upload is in: the first row read is the last.
    const source = {
      name: 'pergi.csv',
      read: async () => {
        gone.abort();
        return Buffer.from(csv);
      },
    };
    await expect(
      previewImport(t.app.db, 1, { kind: 'siswa', idUkt: 1 }, source, undefined, { signal: gone.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads the template’s labels and an import file’s old field names alike', async () => {
    const template = await api(t, admin, 'GET', API.panitia.imporTemplat.href('penguji'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(template.rawPayload).buffer);
    const header = ((book.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['No. WhatsApp', 'Nama', 'Perwapus', 'Cabang', 'Peran', 'Dewan']);
  });
});
