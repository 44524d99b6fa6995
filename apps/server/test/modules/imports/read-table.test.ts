import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { importColumns } from '../../../src/modules/imports/import-columns';
import { readTable, type TableRow } from '../../../src/modules/imports/read-table';
import { importTemplate } from '../../../src/modules/imports/template';

const COLUMNS = ['no_urut', 'nama'];

async function rowsOf(
  name: string,
  bytes: Buffer,
  columns: readonly string[] = COLUMNS,
): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  const kolom = columns.map((c) => ({ kolom: c, label: c, sinonim: [], wajib: true }));
  for await (const row of readTable({ name, read: async () => bytes }, kolom)) rows.push(row);
  return rows;
}

/** The same archive with its parts stored in another order (as other spreadsheet programs do). */
async function reordered(bytes: Buffer, order: (paths: string[]) => string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const paths = Object.keys(source.files).filter((p) => !source.files[p]?.dir);
  const out = new JSZip();
  for (const path of order(paths))
    out.file(path, await (source.file(path) as JSZip.JSZipObject).async('uint8array'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('reading an .xlsx import file', () => {
  it('reads the tab Excel shows first, whatever order the archive stores the sheets in', async () => {
    const book = new ExcelJS.Workbook();
    const notes = book.addWorksheet('Catatan');
    notes.addRow(['catatan']);
    notes.addRow(['bukan data']);
    const data = book.addWorksheet('Peserta');
    data.addRow(COLUMNS);
    data.addRow([1, 'Ani Lestari']);
    (data as unknown as { orderNo: number }).orderNo = 0;
    (notes as unknown as { orderNo: number }).orderNo = 1;
    const written = Buffer.from(await book.xlsx.writeBuffer());
    // sheet1.xml (Catatan, the second tab) is stored first, the workbook last.
    const stored = await reordered(written, (paths) => [
      ...paths.filter((p) => p.endsWith('sheet1.xml')),
      ...paths.filter((p) => !p.endsWith('sheet1.xml') && p !== 'xl/workbook.xml'),
      'xl/workbook.xml',
    ]);
    expect(await rowsOf('urut.xlsx', stored)).toEqual([
      { line: 2, values: { no_urut: '1', nama: 'Ani Lestari' } },
    ]);
  });

  it('reads a workbook whose shared strings and workbook part come after its sheets, every time', async () => {
    const template = await importTemplate('siswa');
    for (let i = 0; i < 50; i += 1) {
      const rows = await rowsOf('templat-peserta.xlsx', template, importColumns('siswa'));
      expect(rows).toHaveLength(1);
    }
    const sheetsFirst = await reordered(template, (paths) => [
      ...paths.filter((p) => p.startsWith('xl/worksheets/')),
      ...paths.filter((p) => !p.startsWith('xl/worksheets/')),
    ]);
    expect(await rowsOf('templat-peserta.xlsx', sheetsFirst, importColumns('siswa'))).toHaveLength(1);
  });

  it('leaves no temporary file behind when it stops at a missing column', async () => {
    const before = new Set(readdirSync(tmpdir()));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Peserta');
    sheet.addRow(['no_urut']);
    for (let n = 1; n <= 2000; n += 1) sheet.addRow([n]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    await expect(rowsOf('kurang.xlsx', bytes)).rejects.toThrow('kolom "nama" tidak ada di 10 baris pertama');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(tmpdir()).filter((name) => !before.has(name) && name.startsWith('tmp-'))).toEqual([]);
  });

  it('names the file when it is not a workbook at all', async () => {
    await expect(rowsOf('rusak.xlsx', Buffer.from('bukan zip'))).rejects.toThrow(
      /^rusak\.xlsx: XLSX tidak dapat dibaca/,
    );
  });
});
