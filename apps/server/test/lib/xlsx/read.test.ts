import { describe, expect, it } from 'vitest';
import { XlsxReader } from '../../../src/lib/xlsx/read';
import { zipArchive } from '../../../src/lib/xlsx/zip';
import { NO_LIMIT, sheetsOf } from '../../support/xlsx';

// The project's own .xlsx reader (docs/decisions/162): what it reads from files other programs
// write, part by part as they write them. The writer is in write.test.ts.

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
