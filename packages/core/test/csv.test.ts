import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../src';

describe('the CSV files written for Excel', () => {
  it('defuses every cell a spreadsheet would run', () => {
    expect(csvCell('=SUM(A1:A3)')).toBe("'=SUM(A1:A3)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('+A1')).toBe("'+A1");
    expect(csvCell('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('keeps numbers, phone numbers, a lone dash and decimal commas as they are', () => {
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+6281234567890')).toBe('+6281234567890');
    expect(csvCell('-')).toBe('-');
    expect(csvCell('68,50')).toBe('68,50');
    expect(csvCell(131)).toBe('131');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvCell('Budi; "Bud"')).toBe('"Budi; ""Bud"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  it('writes a BOM, ; between cells and CRLF after every line', () => {
    expect(
      csvText([
        ['No. Urut', 'Nama'],
        [1, 'Siti'],
      ]),
    ).toBe('\uFEFFNo. Urut;Nama\r\n1;Siti\r\n');
  });
});
