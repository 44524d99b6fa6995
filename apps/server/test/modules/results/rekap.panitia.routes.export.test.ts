import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { ROOT_DIR } from '../../support/paths';
import { scorePaperFixture } from '../../support/scores';

const DRAF = 'DRAF — belum disahkan panitia';
const SCREENSHOTS = join(ROOT_DIR, 'e2e', 'test-output');
const KOMPONEN_HEADERS = [
  'KESHAN',
  'KSHAN',
  'JURUS',
  'SENAM',
  'BELATI',
  'PASANG',
  'SENAM TOYAK',
  'JURUS TOYAK',
  'KRIPEN',
  'FISIK',
  'SAMBUNG',
];
/** The columns by their field, to read a row's cells. */
const KEYS = [
  'no_urut',
  'nama',
  'perwapus',
  'cabang',
  'ranting',
  'rayon',
  ...KOMPONEN_HEADERS,
  'nilai_akhir',
  'predikat',
  'status',
  'alasan',
];
/** The header row as the committee reads it: no field names (docs/decisions/107). */
const HEADER = [
  'No. Urut',
  'Nama',
  'Perwapus',
  'Cabang',
  'Ranting',
  'Rayon',
  ...KOMPONEN_HEADERS,
  'Nilai Akhir',
  'Predikat',
  'Status',
  'Alasan',
];

/** Participant 3 has SENAM and SAMBUNG only. */
const MISSING_3 =
  'Belum dinilai: KESHAN, KSHAN, JURUS, BELATI, PASANG, SENAM TOYAK, JURUS TOYAK, KRIPEN, FISIK';

/** Runs a poppler-utils tool (pdftotext, pdffonts, pdftoppm; .ci/run installs them). */
const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

describe.each(DATABASES)('recap exports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let dir: string;
  let nama: Map<number, string>;

  const download = async (format: string) => {
    const res = await api(t, admin, 'GET', API.panitia.rekapEkspor.href(1, format));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rekap-1.${format}"`);
    return res;
  };
  const workbook = async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('xlsx')).rawPayload as unknown as ArrayBuffer);
    return book;
  };
  const csvLines = async () => {
    const res = await download('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Cells split on ';', as Excel in an Indonesian Windows reads it (docs/decisions/137).
    return parse(res.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      delimiter: ';',
    }) as string[][];
  };
  const pdfText = async () => {
    const res = await download('pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    const path = join(dir, `rekap-${kind}.pdf`);
    writeFileSync(path, res.rawPayload);
    return { path, text: poppler('pdftotext', ['-layout', path, '-']) };
  };

  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind));
    dir = mkdtempSync(join(tmpdir(), 'ukt-ekspor-'));
    await scorePaperFixture(t, admin);
    // A name a spreadsheet would run as a formula, and a withdrawn participant.
    await t.app.db
      .updateTable('siswa')
      .set({ nama: '=HYPERLINK("http://x")', nama_cari: '=hyperlink("http://x")' })
      .where('id_siswa', '=', 7)
      .execute();
    const mundur = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 8), { mundur: true });
    expect(mundur.statusCode, mundur.body).toBe(200);
    const rows = await t.app.db
      .selectFrom('siswa')
      .select(['id_siswa', 'nama'])
      .where('id_ukt', '=', 1)
      .execute();
    nama = new Map(rows.map((r) => [r.id_siswa, r.nama]));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 401 without a token, 403 to examiners, 404 for an unknown event, 400 for an unknown format', async () => {
    expect((await api(t, undefined, 'GET', API.panitia.rekapEkspor.href(1, 'pdf'))).statusCode).toBe(401);
    expect((await api(t, siti, 'GET', API.panitia.rekapEkspor.href(1, 'pdf'))).statusCode).toBe(403);
    const missing = await api(t, admin, 'GET', API.panitia.rekapEkspor.href(99, 'pdf'));
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Kegiatan dengan ID 99 tidak ditemukan.');
    const bad = await api(t, admin, 'GET', API.panitia.rekapEkspor.href(1, 'docx'));
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Alamat tidak valid: Format berkas harus xlsx, csv atau pdf');
  });

  it('exports .xlsx: DRAF, frozen header, 0.00 scores, – for unscored, a sheet per ranting', async () => {
    const book = await workbook();
    const [semua, ...perRanting] = book.worksheets as [ExcelJS.Worksheet, ...ExcelJS.Worksheet[]];
    expect(semua.name).toBe('Semua');
    expect(semua.getCell('A1').value).toBe(DRAF);
    expect(semua.getCell('A2').value).toBe('Rekap nilai UKT Sabuk Polos Ke Jambon');
    expect(String(semua.getCell('A5').value)).toContain('Mundur 1');

    const headerRow = 6;
    expect(semua.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow, xSplit: 2 });
    expect((semua.getRow(headerRow).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(semua.rowCount).toBe(headerRow + 120);

    const cells = (no: number) => {
      const row = semua.getRow(headerRow + no);
      return Object.fromEntries(KEYS.map((h, i) => [h, row.getCell(i + 1)]));
    };
    const first = cells(1);
    expect(first.no_urut?.value).toBe(1);
    expect(first.nama?.value).toBe(nama.get(1));
    expect(first.KESHAN?.value).toBe(85);
    expect(first.KESHAN?.numFmt).toBe('0.00');
    expect(first.FISIK?.value).toBe(68.5);
    expect(first.nilai_akhir?.value).toBe(73.14);
    expect(first.nilai_akhir?.numFmt).toBe('0.00');
    expect(first.status?.value).toBe('Lulus');
    expect(first.predikat?.value).toBe('Baik');
    // A written 0 is a score; the record's default 0 is not.
    const second = cells(2);
    expect(second.KESHAN?.value).toBe(0);
    expect(second.status?.value).toBe('Tidak Lulus');
    expect(second.alasan?.value).toBe('Nilai akhir 45,45 < 60');
    const third = cells(3);
    expect(third.KESHAN?.value).toBe('–');
    expect(third.SENAM?.value).toBe(60);
    expect(third.nilai_akhir?.value).toBe('–');
    expect(third.status?.value).toBe('Belum lengkap');
    expect(third.alasan?.value).toBe(MISSING_3);
    // Never a formula; a withdrawn participant stands as Mundur, without a final score.
    expect(cells(7).nama?.value).toBe('=HYPERLINK("http://x")');
    expect(cells(7).nama?.type).toBe(ExcelJS.ValueType.String);
    expect(cells(8).no_urut?.value).toBe(8);
    expect(cells(8).status?.value).toBe('Mundur');
    expect(cells(8).nilai_akhir?.value).toBe('–');
    expect(cells(9).no_urut?.value).toBe(9);

    const ranting = await t.app.db
      .selectFrom('siswa')
      .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
      .select(['ranting.nama', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('siswa.id_ukt', '=', 1)
      .groupBy('ranting.nama')
      .execute();
    expect(perRanting.map((s) => s.name).sort()).toEqual(ranting.map((r) => r.nama).sort());
    for (const sheet of perRanting) {
      const expected = Number(ranting.find((r) => r.nama === sheet.name)?.n);
      expect(sheet.rowCount - headerRow, sheet.name).toBe(expected);
      expect(sheet.getCell('A1').value).toBe(DRAF);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
      for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
        expect(sheet.getRow(r).getCell(5).value).toBe(sheet.name);
      }
    }
  });

  it('exports .csv with the same columns, empty cells for unscored, and formulas defused', async () => {
    const [draf, header, ...rows] = await csvLines();
    expect(draf).toEqual([DRAF]);
    expect(header).toEqual(HEADER);
    expect(rows).toHaveLength(120);
    const at = (no: number) => Object.fromEntries(KEYS.map((h, i) => [h, rows[no - 1]?.[i]]));
    expect(at(1)).toMatchObject({
      no_urut: '1',
      KESHAN: '85,00',
      FISIK: '68,50',
      nilai_akhir: '73,14',
      status: 'Lulus',
    });
    expect(at(2)).toMatchObject({ KESHAN: '0,00', status: 'Tidak Lulus', alasan: 'Nilai akhir 45,45 < 60' });
    expect(at(3)).toMatchObject({
      KESHAN: '',
      SENAM: '60,00',
      SAMBUNG: '65,00',
      nilai_akhir: '',
      predikat: '',
    });
    expect(at(3).status).toBe('Belum lengkap');
    expect(at(3).alasan).toBe(MISSING_3);
    expect(at(4).alasan).toBe('Belum dinilai: semua komponen');
    expect(at(7).nama).toBe(`'=HYPERLINK("http://x")`);
    expect(at(8)).toMatchObject({
      no_urut: '8',
      nilai_akhir: '',
      predikat: '',
      status: 'Mundur',
      alasan: '',
    });
  });

  it('exports a landscape A4 PDF with an embedded font, names, statuses and DRAF', async () => {
    const { path, text } = await pdfText();
    expect(text).toContain(DRAF);
    expect(text).toContain('Rekap nilai UKT Sabuk Polos Ke Jambon');
    for (const no of [1, 2, 3, 9, 120]) expect(text).toContain(nama.get(no));
    expect(text).toContain(nama.get(8));
    for (const status of ['Lulus', 'Tidak Lulus', 'Belum lengkap', 'Mundur']) expect(text).toContain(status);
    expect(text).toContain('Nilai akhir 45,45 < 60');
    // Every score with two decimals, as the console's Rekap shows it.
    expect(text).toContain('68,50');
    expect(text).toContain('73,14');
    expect(text).not.toMatch(/\b68,5\b/);
    expect(text).toContain('Mundur 1');

    const info = poppler('pdfinfo', [path]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    const pages = Number(info.match(/Pages:\s+(\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`halaman ${pages} dari ${pages}`);
    // Every font is embedded: DejaVu Sans Condensed, never a standard (unembedded) Helvetica.
    const fonts = poppler('pdffonts', [path]).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).toContain('DejaVuSansCondensed');
      expect(line.split(/\s+/).slice(-5, -4)[0]).toBe('yes');
    }

    mkdirSync(SCREENSHOTS, { recursive: true });
    poppler('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path,
      join(SCREENSHOTS, `rekap-pdf-${kind}`),
    ]);
  });

  it('drops DRAF once the event is ratified, and brings it back when un-ratified', async () => {
    const sah = await api(t, admin, 'POST', API.panitia.sahkan.href(1), {});
    expect(sah.statusCode, sah.body).toBe(200);
    const book = await workbook();
    expect(String(book.worksheets[0]?.getCell('A1').value)).toMatch(/^Disahkan panitia \d/);
    const [header] = await csvLines();
    expect(header).toEqual(HEADER);
    const { text } = await pdfText();
    expect(text).not.toContain('DRAF');
    expect(text).toMatch(/Disahkan panitia \d/);

    const batal = await api(t, admin, 'POST', API.panitia.batalSahkan.href(1), {
      alasan: 'Ada nilai keliru',
    });
    expect(batal.statusCode, batal.body).toBe(200);
    expect((await csvLines())[0]).toEqual([DRAF]);
  });
});
