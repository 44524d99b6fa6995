import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from '../../../src/lib/xlsx/write';
import { sheetsOf } from '../../support/xlsx';

// The project's own .xlsx writer (docs/decisions/162): what it writes reads back through the
// project's reader, and another reader (exceljs, as Excel and LibreOffice do) finds it too.

describe('the .xlsx writer', () => {
  const book = () =>
    writeXlsx({
      creator: 'UKT Penguji',
      title: 'Rekap <UKT> & "hasil"',
      created: new Date('2026-12-01T08:00:00Z'),
      sheets: [
        {
          name: 'Semua',
          columns: [
            { width: 8 },
            { width: 28, style: { numFmt: '@' } },
            { width: 10, style: { numFmt: '0.00' } },
          ],
          rows: [
            [{ value: 'Judul', style: { bold: true, color: 'FFB71C1C' } }],
            [
              'No',
              'Nama',
              { value: 'Nilai', style: { numFmt: '@', fill: 'FFE8EAF6', wrap: true, vertical: 'middle' } },
            ],
            [1, 'Ani & <Budi>', 87.456],
            [2, '  spasi  ', { value: '–', style: { horizontal: 'right' } }],
            [3, new Date('2026-12-05T00:00:00Z'), true],
          ],
          frozen: { rows: 2, columns: 2 },
          autoFilter: { row: 2, columns: 3 },
          print: { landscape: true, titleRow: 2 },
        },
        { name: "Ranting O'Hara", rows: [['satu']] },
      ],
    });

  it('writes what it reads back: values, sheets and their order', async () => {
    const sheets = await sheetsOf(book());
    expect(sheets.map((s) => s.name)).toEqual(['Semua', "Ranting O'Hara"]);
    expect(sheets[0]?.rows.map((r) => r.cells)).toEqual([
      ['Judul'],
      ['No', 'Nama', 'Nilai'],
      [1, 'Ani & <Budi>', 87.456],
      [2, '  spasi  ', '–'],
      [3, new Date('2026-12-05T00:00:00Z'), true],
    ]);
    expect(sheets[1]?.rows).toEqual([{ number: 1, cells: ['satu'] }]);
  });

  it('writes the styles, panes, filter and print setup another reader sees', async () => {
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(new Uint8Array(book()).buffer);
    expect(read.creator).toBe('UKT Penguji');
    expect(read.title).toBe('Rekap <UKT> & "hasil"');
    const sheet = read.getWorksheet('Semua') as ExcelJS.Worksheet;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 2 });
    expect(sheet.getColumn(2).width).toBe(28);
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, color: { argb: 'FFB71C1C' } });
    expect(sheet.getCell('C2').numFmt).toBe('@');
    expect(sheet.getCell('C2').fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFE8EAF6' },
    });
    expect(sheet.getCell('C2').alignment).toMatchObject({ vertical: 'middle', wrapText: true });
    expect(sheet.getCell('C3').numFmt).toBe('0.00');
    expect(sheet.getCell('C3').value).toBe(87.456);
    expect(sheet.getCell('B3').numFmt).toBe('@');
    expect(sheet.getCell('C4').alignment).toMatchObject({ horizontal: 'right' });
    expect(sheet.getCell('B5').value).toEqual(new Date('2026-12-05T00:00:00Z'));
    expect(sheet.autoFilter).toBe('A2:C2');
    expect(sheet.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    });
    expect(sheet.pageSetup.printTitlesRow).toBe('2:2');
    expect(read.getWorksheet("Ranting O'Hara")?.getCell('A1').value).toBe('satu');
  });
});
