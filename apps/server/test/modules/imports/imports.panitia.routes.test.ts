import {
  API,
  IMPOR_MAX_BYTES,
  ImporDitolak,
  ImporHasil,
  ImporPratinjau,
  PageMeta,
  SiswaRow,
} from '@ukt/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importKolom } from '../../../src/modules/imports/import-columns';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';
import { storedSiswa } from '../../support/stored-siswa';
import { xlsx } from '../../support/xlsx';

const HEADER = 'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi';

describe.each(DATABASES)('console imports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const send = (path: string, filename: string, data: Buffer | string, token: string | undefined = admin) => {
    const { payload, headers } = multipartSheet(filename, data);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, ...(token ? { 'access-token': token } : {}) },
    });
  };
  const preview = (query: string, filename: string, data: Buffer | string, token?: string) =>
    send(API.panitia.imporPratinjau.href('peserta', query), filename, data, token);
  const apply = (query: string, filename: string, data: Buffer | string, token?: string) =>
    send(API.panitia.impor.href('peserta', query), filename, data, token);

  const countSiswa = async (idUkt: number) =>
    Number(
      (
        await t.app.db
          .selectFrom('siswa')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id_ukt', '=', idUkt)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Demo participant `no` of event 1 as an import line, exactly as stored. */
  const storedLine = async (no: number, nama?: string) => {
    const r = await storedSiswa(t, no);
    return [no, nama ?? r.nama, r.perwapus, r.cabang, r.ranting, r.rayon, r.provinsi] as (string | number)[];
  };

  it('downloads a template per kind: readable headers, and an example row the import recognises and skips', async () => {
    const kinds = { kegiatan: 'kegiatan', penguji: 'penguji', peserta: 'siswa', soal: 'soal' } as const;
    for (const [jenis, kindName] of Object.entries(kinds)) {
      const res = await api(t, admin, 'GET', API.panitia.imporTemplat.href(jenis));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="templat-${jenis}.xlsx"`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.rowCount).toBe(2);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(importKolom(kindName).map((c) => c.label));
      const example = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(example.filter((v) => v !== undefined && v !== '')).toHaveLength(header.length);
      const query = jenis === 'peserta' ? '?id_ukt=2' : jenis === 'soal' ? '?tingkat=3' : '';
      const check = await send(
        API.panitia.imporPratinjau.href(jenis, query),
        `templat-${jenis}.xlsx`,
        res.rawPayload,
      );
      expect(check.statusCode, check.body).toBe(200);
      const data = ImporPratinjau.parse(check.json().data);
      // The example row left in is read, recognised and not imported.
      expect(data).toMatchObject({ jenis, jumlah_baris: 1, baru: 0, baris: [], jumlah_kesalahan: 1 });
      expect(data.kesalahan[0]?.pesan).toBe('berkas hanya berisi baris contoh dari templat');
      expect(data.catatan).toContain('Baris 2 sama dengan contoh di templat dan tidak diimpor.');
    }
    // Filled in over the example (another name), the template imports cleanly.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      new Uint8Array((await api(t, admin, 'GET', API.panitia.imporTemplat.href('penguji'))).rawPayload)
        .buffer,
    );
    (book.worksheets[0] as ExcelJS.Worksheet).getCell('B2').value = 'Sri Wahyuni';
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const penguji = await send(API.panitia.imporPratinjau.href('penguji'), 'templat-penguji.xlsx', filled);
    expect(ImporPratinjau.parse(penguji.json().data)).toMatchObject({ jumlah_kesalahan: 0, baru: 1 });
    // The number stays text in the template, so its leading 0 survives and it is normalised.
    expect(ImporPratinjau.parse(penguji.json().data).baris[0]?.data.no_wa).toBe('6281234567890');
    expect((await api(t, admin, 'GET', API.panitia.imporTemplat.href('gajah'))).statusCode).toBe(400);
  });

  it('previews new, changed and unchanged rows as they will be stored, writing nothing', async () => {
    const rows = [
      await storedLine(1),
      await storedLine(2, 'Nama Baru Sekali'),
      [121, '  Dewi   Lestari ', 'Perwapus Baru', 'Cabang Baru', 'Ranting Baru', 'Rayon Baru', ''],
      [122, 'Eko Prasetyo', 'Perwapus Baru', 'Cabang Baru', 'Ranting Baru', 'Rayon Baru', 'Jawa Tengah'],
    ];
    const csv = [HEADER, ...rows.map((r) => r.join(','))].join('\n');
    const res = await preview('?id_ukt=1', 'peserta.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = ImporPratinjau.parse(res.json().data);
    expect(data).toMatchObject({
      jenis: 'peserta',
      jumlah_baris: 4,
      baru: 2,
      diperbarui: 1,
      tetap: 1,
      kesalahan: [],
      jumlah_kesalahan: 0,
    });
    expect(data.baris.map((b) => [b.baris, b.status])).toEqual([
      [2, 'tetap'],
      [3, 'diperbarui'],
      [4, 'baru'],
      [5, 'baru'],
    ]);
    expect(data.baris[2]?.data).toMatchObject({ no_urut: 121, nama: 'Dewi Lestari', provinsi: '' });
    expect(await countSiswa(1)).toBe(120);
    const regions = await t.app.db
      .selectFrom('perwapus')
      .select('id')
      .where('nama', '=', 'Perwapus Baru')
      .execute();
    expect(regions).toEqual([]);
  });

  it('names every mistake by line and field, and an import with mistakes writes nothing', async () => {
    const csv = [
      HEADER,
      '130,Ani,P1,C1,R1,Y1,Jawa Timur',
      '131,Budi,P1,,R1,Y1,Jawa Timur',
      '132,Cici,P1,C1,R1,Y1,',
      'x,Dodi,P1,C1,R1,Y1,',
      '130,Ani Lagi,P1,C1,R1,Y1,',
    ].join('\r\n');
    const res = await preview('?id_ukt=1', 'peserta.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = ImporPratinjau.parse(res.json().data);
    expect(data).toMatchObject({ jumlah_baris: 5, baru: 2, jumlah_kesalahan: 3 });
    // Each mistake carries its row as the file gives it, for the error file.
    expect(data.kesalahan[0]?.isi).toEqual({
      no_urut: '131',
      nama: 'Budi',
      perwapus: 'P1',
      cabang: '',
      ranting: 'R1',
      rayon: 'Y1',
      provinsi: 'Jawa Timur',
    });
    expect(data.kesalahan.map(({ isi: _, ...k }) => k)).toEqual([
      { baris: 3, kolom: 'Cabang', pesan: 'wajib diisi' },
      { baris: 5, kolom: 'No. Urut', pesan: 'harus bilangan bulat' },
      { baris: 6, kolom: 'No. Urut', pesan: 'sama dengan baris 2 (No. Urut 130)' },
    ]);

    const refused = await apply('?id_ukt=1', 'peserta.csv', csv);
    expect(refused.statusCode).toBe(400);
    const answer = ImporDitolak.parse(refused.json());
    expect(answer.message).toContain('tidak ada yang disimpan');
    expect(answer.message).toContain('baris 3, kolom Cabang: wajib diisi');
    expect(answer.data).toEqual({ kesalahan: data.kesalahan, jumlah_kesalahan: 3 });
    expect(await countSiswa(1)).toBe(120);
    expect(await t.app.db.selectFrom('perwapus').select('id').where('nama', '=', 'P1').execute()).toEqual([]);
  });

  it('reads Excel’s CSV dialects: semicolons, a BOM, CRLF, quoted fields with line breaks', async () => {
    const csv = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n140;"Nama; Dua\r\nBaris";P1;C1;R1;Y1;\r\n;;;;;;\r\n141;Ani;P1;C1;R1;;\r\n142;Budi;P1;C1;R1;Y1\r\n`;
    const res = await preview('?id_ukt=1', 'peserta.csv', csv);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).message).toContain('baris 6: ada 6 kolom, baris judul 7');
    const fixed = await preview(
      '?id_ukt=1',
      'peserta.csv',
      csv.replace('142;Budi;P1;C1;R1;Y1', '142;Budi;P1;C1;R1;Y1;'),
    );
    const data = ImporPratinjau.parse(fixed.json().data);
    expect(data).toMatchObject({ jumlah_baris: 3, baru: 2 });
    expect(data.baris[0]).toMatchObject({ baris: 2, data: { nama: 'Nama; Dua Baris' } });
    expect(data.kesalahan.map(({ isi: _, ...k }) => k)).toEqual([
      { baris: 5, kolom: 'Rayon', pesan: 'wajib diisi' },
    ]);
  });

  it('imports a workbook all-or-nothing, shows it to examiners at once, and a re-import changes nothing', async () => {
    const list = async () => {
      const res = await api(t, siti, 'GET', '/DataSiswa/siswa?id_ukt=2&hal=1');
      return z.object({ data: z.array(SiswaRow), meta: PageMeta }).parse(res.json());
    };
    const before = await list();
    const own = before.data[0] as SiswaRow;
    const stored = await t.app.db
      .selectFrom('siswa')
      .select(['id_perwapus', 'id_cabang', 'no_urut'])
      .where('id_siswa', '=', Number(own.id_siswa))
      .executeTakeFirstOrThrow();
    const region = await t.app.db
      .selectFrom('perwapus')
      .innerJoin('cabang', 'cabang.id_parent', 'perwapus.id')
      .select(['perwapus.nama as perwapus', 'cabang.nama as cabang'])
      .where('cabang.id', '=', stored.id_cabang)
      .executeTakeFirstOrThrow();
    const book = await xlsx([
      HEADER.split(','),
      [81, 'Fajar Nugroho', region.perwapus, region.cabang, 'Ranting Impor', 'Rayon Impor', 'Jawa Timur'],
      [82, 'Gita Puspita', region.perwapus, region.cabang, 'Ranting Impor', 'Rayon Impor', 'Jawa Timur'],
    ]);
    const res = await send(API.panitia.impor.href('peserta', '?id_ukt=2'), 'peserta.xlsx', book);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Impor selesai: 2 baru, 0 diperbarui, 0 tidak berubah.');
    expect(ImporHasil.parse(res.json().data)).toEqual({ baru: 2, diperbarui: 0, tetap: 0 });
    expect((await list()).meta.total).toBe(before.meta.total + 2);

    const again = await send(API.panitia.impor.href('peserta', '?id_ukt=2'), 'peserta.xlsx', book);
    expect(ImporHasil.parse(again.json().data)).toEqual({ baru: 0, diperbarui: 0, tetap: 2 });
  });

  it('refuses a file over the limit while it streams (413), before reading a declared oversize', async () => {
    const over = Buffer.alloc(IMPOR_MAX_BYTES + 1, 'a');
    const res = await preview('?id_ukt=1', 'besar.csv', over);
    expect(res.statusCode).toBe(413);
    expect(body(res).message).toContain('20 MB');
    const declared = await preview('?id_ukt=1', 'besar.csv', Buffer.alloc(IMPOR_MAX_BYTES + 200_000, 'a'));
    expect(declared.statusCode).toBe(413);
    // Larger than the JSON body limit is fine for an upload.
    const rows = Array.from({ length: 3000 }, (_, i) => `${1000 + i},Peserta ${i},P9,C9,R9,Y9,Jawa Timur`);
    const big = await preview('?id_ukt=1', 'sedang.csv', [HEADER, ...rows].join('\n'));
    expect(big.statusCode, big.body).toBe(200);
    expect(ImporPratinjau.parse(big.json().data)).toMatchObject({ jumlah_baris: 3000, baru: 3000 });
    // An exam day's file is sent whole (the console draws only the rows in view).
    expect(ImporPratinjau.parse(big.json().data).baris).toHaveLength(3000);
  });

  it('refuses what is not a real .csv or .xlsx, whatever its name (415), and unreadable workbooks (400)', async () => {
    const zip = await xlsx([HEADER.split(',')]);
    for (const [name, data] of [
      ['peserta.xlsx', `${HEADER}\n1,Ani,P,C,R,Y,\n`],
      ['peserta.csv', zip],
      ['peserta.csv', Buffer.from('\xff\xfen\x00o\x00', 'latin1')],
      ['peserta.xls', zip],
    ] as const) {
      const res = await preview('?id_ukt=1', name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(body(res).message).toMatch(/Berkas bukan \.csv atau \.xlsx yang benar|harus berakhiran/);
    }
    const broken = await preview(
      '?id_ukt=1',
      'peserta.xlsx',
      Buffer.concat([zip.subarray(0, 30), Buffer.alloc(50)]),
    );
    expect(broken.statusCode).toBe(400);
    expect(body(broken).message).toMatch(/XLSX tidak dapat dibaca|tidak ada lembar kerja/);
    const missing = await preview('?id_ukt=1', 'peserta.csv', 'no_urut,nama\n1,Ani\n');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain(
      'baris judul tidak ditemukan: kolom "Perwapus", "Cabang", "Ranting", "Rayon" tidak ada di 10 baris pertama',
    );
    const json = await api(t, admin, 'POST', API.panitia.imporPratinjau.href('peserta', '?id_ukt=1'), {
      a: 1,
    });
    expect(json.statusCode).toBe(415);
    expect(body(json).message).toContain('multipart/form-data');
  });

  it('asks for the event of participants and the belt of questions; another organisation’s event is 404', async () => {
    const csv = `${HEADER}\n1,Ani,P,C,R,Y,\n`;
    const noEvent = await preview('', 'peserta.csv', csv);
    expect(noEvent.statusCode).toBe(400);
    expect(body(noEvent).message).toContain('ID kegiatan wajib diisi');
    const noBelt = await send(API.panitia.imporPratinjau.href('soal'), 'soal.csv', 'no\n');
    expect(noBelt.statusCode).toBe(400);
    expect(body(noBelt).message).toContain('Tingkat wajib diisi');
    await t.app.db
      .insertInto('ukt')
      .values({
        id_ukt: 77,
        id_organisasi: 2,
        nama_ukt: 'UKT Lain',
        nama_kegiatan: '',
        tanggal_tes: '2026-12-01',
        akhir_tes: null,
        id_tingkat: 1,
      })
      .execute();
    for (const call of [preview, apply]) {
      const res = await call('?id_ukt=77', 'peserta.csv', csv);
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toContain('Kegiatan dengan ID 77');
    }
    const events = await send(
      API.panitia.imporPratinjau.href('kegiatan'),
      'kegiatan.csv',
      'id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat\n77,Curian,,2026-12-01,,1\n',
    );
    expect(ImporPratinjau.parse(events.json().data).kesalahan.map(({ isi: _, ...k }) => k)).toEqual([
      { baris: 2, kolom: 'ID Kegiatan', pesan: 'ID kegiatan 77 sudah dipakai organisasi lain' },
    ]);
  });

  it('documents the import, participant and question calls under /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[] }>>;
    const at = (route: string) => paths[`/uktNEW/api${route.replace(/:(\w+)/g, '{$1}')}`] ?? {};
    const calls = [
      [API.panitia.imporTemplat.route, 'get'],
      [API.panitia.imporPratinjau.route, 'post'],
      [API.panitia.impor.route, 'post'],
      [API.panitia.peserta.route, 'get'],
      [API.panitia.peserta.route, 'post'],
      [API.panitia.pesertaById.route, 'put'],
      [API.panitia.pesertaMundur.route, 'post'],
      [API.panitia.pesertaLepas.route, 'post'],
      [API.panitia.soal.route, 'get'],
      [API.panitia.soalById.route, 'put'],
    ] as const;
    for (const [route, method] of calls)
      expect(at(route)[method]?.tags, `${method} ${route}`).toEqual(['panitia']);
  });

  it('is for committee admins only (403) and needs a token (401)', async () => {
    const csv = `${HEADER}\n1,Ani,P,C,R,Y,\n`;
    expect((await api(t, siti, 'GET', API.panitia.imporTemplat.href('peserta'))).statusCode).toBe(403);
    expect((await api(t, undefined, 'GET', API.panitia.imporTemplat.href('peserta'))).statusCode).toBe(401);
    for (const call of [preview, apply]) {
      const forbidden = await call('?id_ukt=1', 'peserta.csv', csv, siti);
      expect(forbidden.statusCode).toBe(403);
      expect(body(forbidden).message).toContain('admin panitia');
      expect((await call('?id_ukt=1', 'peserta.csv', csv, '')).statusCode).toBe(401);
    }
    expect(await countSiswa(1)).toBe(120);
  });
});
