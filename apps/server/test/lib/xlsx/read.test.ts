import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxReader, type XlsxRow } from '../../../src/lib/xlsx/read';
import { writeXlsx } from '../../../src/lib/xlsx/write';
import { zipArchive } from '../../../src/lib/xlsx/zip';

// The project's own .xlsx reader and writer (docs/decisions/162): what they read from files other
// programs write, and what another reader (exceljs, as Excel and LibreOffice do) finds in theirs.

const NO_LIMIT = { maxUnpacked: 50 * 1024 * 1024, tooLarge: () => new Error('terlalu besar') };

async function sheetsOf(bytes: Buffer, limits = NO_LIMIT) {
  const sheets = await XlsxReader.open(bytes, limits);
  const out: { name: string; rows: XlsxRow[] }[] = [];
  for (const sheet of sheets) {
    const rows: XlsxRow[] = [];
    for await (const batch of sheet.rows()) rows.push(...batch);
    out.push({ name: sheet.name, rows });
  }
  return out;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook written by hand, part by part, as other spreadsheet programs write them. */
function handWritten(sheetData: string, { styles = '', date1904 = false, prefix = '' } = {}): Buffer {
  const p = prefix ? `${prefix}:` : '';
  const ns = prefix ? `xmlns:${prefix}="${MAIN}"` : `xmlns="${MAIN}"`;
  const parts: Record<string, string> = {
    '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<${p}workbook ${ns} xmlns:r="${REL}"><${p}workbookPr${date1904 ? ' date1904="1"' : ''}/><${p}sheets><${p}sheet name="Peserta" sheetId="1" r:id="rId9"/></${p}sheets></${p}workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="${REL}/worksheet" Target="worksheets/data.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="strings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/strings.xml': `<${p}sst ${ns}><${p}si><${p}t>Ani</${p}t></${p}si><${p}si><${p}r><${p}t>Budi </${p}t></${p}r><${p}r><${p}rPr><${p}b/></${p}rPr><${p}t>Santoso</${p}t></${p}r><${p}rPh><${p}t>ぶ</${p}t></${p}rPh></${p}si></${p}sst>`,
    'xl/styles.xml': `<${p}styleSheet ${ns}>${styles}</${p}styleSheet>`,
    'xl/worksheets/data.xml': `<${p}worksheet ${ns}><${p}sheetData>${sheetData}</${p}sheetData></${p}worksheet>`,
  };
  return zipArchive(
    Object.entries(parts).map(([name, xml]) => ({ name, data: Buffer.from(xml) })),
    new Date('2026-12-01T00:00:00Z'),
  );
}

const DATE_STYLES =
  '<numFmts count="1"><numFmt numFmtId="170" formatCode="dd/mm/yyyy;@"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="170"/><xf numFmtId="49"/></cellXfs>';

describe('the .xlsx reader', () => {
  it('reads shared, rich and inline strings, numbers, booleans, errors and formulas’ cached values', async () => {
    const bytes = handWritten(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>Cici</t></is></c></row>' +
        '<row r="3"><c r="A3"><v>12.5</v></c><c r="B3" t="b"><v>1</v></c><c r="C3" t="e"><v>#N/A</v></c>' +
        '<c r="D3" t="str"><f>A1&amp;"!"</f><v>Ani!</v></c><c r="E3"><f>A3*2</f><v>25</v></c><c r="F3"><f>1/0</f></c></row>',
    );
    expect(await sheetsOf(bytes)).toEqual([
      {
        name: 'Peserta',
        rows: [
          { number: 1, cells: ['Ani', 'Budi Santoso', null, 'Cici'] },
          { number: 3, cells: [12.5, true, null, 'Ani!', 25] },
        ],
      },
    ]);
  });

  it('reads a number styled as a date as that day, in either date system', async () => {
    const row =
      '<row r="1"><c r="A1" s="1"><v>46361</v></c><c r="B1" s="2"><v>46361</v></c><c r="C1" s="3"><v>46361</v></c><c r="D1"><v>46361</v></c></row>';
    const [sheet] = await sheetsOf(handWritten(row, { styles: DATE_STYLES }));
    expect(sheet?.rows[0]?.cells).toEqual([
      new Date('2026-12-05T00:00:00Z'),
      new Date('2026-12-05T00:00:00Z'),
      46361,
      46361,
    ]);
    const [in1904] = await sheetsOf(handWritten(row, { styles: DATE_STYLES, date1904: true }));
    expect(in1904?.rows[0]?.cells[0]).toEqual(new Date('2030-12-06T00:00:00Z'));
  });

  it('reads prefixed tags and rows and cells that leave out their references', async () => {
    const bytes = handWritten(
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c><x:v>7</x:v></x:c></x:row><x:row><x:c><x:v>8</x:v></x:c></x:row>',
      {
        prefix: 'x',
      },
    );
    const [sheet] = await sheetsOf(bytes);
    expect(sheet?.rows).toEqual([
      { number: 1, cells: ['Ani', 7] },
      { number: 2, cells: [8] },
    ]);
  });

  it('counts what the parts unpack to and stops past the limit', async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    const bytes = handWritten(rows.join(''));
    const tooLarge = new Error('lebih dari batas');
    await expect(sheetsOf(bytes, { maxUnpacked: 64 * 1024, tooLarge: () => tooLarge })).rejects.toBe(
      tooLarge,
    );
    expect((await sheetsOf(bytes))[0]?.rows).toHaveLength(5000);
  });

  it('refuses what is not a ZIP archive', async () => {
    await expect(XlsxReader.open(Buffer.from('no_urut,nama\n1,Ani\n'), NO_LIMIT)).rejects.toThrow(
      'bukan berkas ZIP (.xlsx)',
    );
  });
});

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
