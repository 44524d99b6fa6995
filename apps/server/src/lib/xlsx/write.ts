import { type ZipEntry, zipArchive } from './zip';

// A small .xlsx writer covering what the template and the recap export write (docs/decisions/162):
// shared strings, numbers, dates, several sheets, column widths and styles, cell styles (bold,
// colour, fill, number format, alignment, wrap), frozen panes, an autofilter and the print setup.

/** How a cell looks; a cell's own style is laid over its column's. */
export interface XlsxStyle {
  bold?: boolean;
  /** Font colour, ARGB (`FFB71C1C`). */
  color?: string;
  /** Solid background, ARGB. */
  fill?: string;
  /** Number format code: `@` (text), `0.00`, `yyyy-mm-dd` … */
  numFmt?: string;
  horizontal?: 'left' | 'center' | 'right';
  vertical?: 'top' | 'middle' | 'bottom';
  wrap?: boolean;
}

export type XlsxCellValue = string | number | boolean | Date | null | undefined;

/** A cell with a style of its own. */
export interface XlsxStyledCell {
  value: XlsxCellValue;
  style: XlsxStyle;
}

export interface XlsxSheetSpec {
  /** The tab's name: at most 31 characters, none of []:*?/\ (the caller makes it so). */
  name: string;
  columns?: readonly { width?: number; style?: XlsxStyle }[];
  /** Rows from row 1 down; each row's cells from column A. */
  rows: readonly (readonly (XlsxCellValue | XlsxStyledCell)[])[];
  /** Rows above and columns left of the frozen panes. */
  frozen?: { rows?: number; columns?: number };
  /** A filter on a header row, from column 1 to `columns`. */
  autoFilter?: { row: number; columns: number };
  /** Landscape A4 fitted to one page wide, the given row repeated on every page. */
  print?: { landscape: boolean; titleRow?: number };
}

export interface XlsxBookSpec {
  sheets: readonly XlsxSheetSpec[];
  creator?: string;
  title?: string;
  created: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** Formats every spreadsheet program knows by number. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '@': 49 };

// Characters XML 1.0 does not allow (controls other than tab, line feed, carriage return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Column letters of a 0-based index: 0 → A, 27 → AB. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial day number of a date (1900 system). */
function serialOf(date: Date): number {
  return date.getTime() / 86_400_000 + 25569;
}

/** The workbook's styles: each distinct style gets one cell format (xf), fonts and fills shared. */
class StyleTable {
  readonly #fonts = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  readonly #fills = [
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ];
  readonly #formats = new Map<string, number>();
  readonly #xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  readonly #byKey = new Map<string, number>([['{}', 0]]);

  #index(list: string[], xml: string): number {
    const at = list.indexOf(xml);
    if (at >= 0) return at;
    list.push(xml);
    return list.length - 1;
  }

  /** The cell format index of a style (0 for none). */
  idOf(style: XlsxStyle | undefined): number {
    if (!style) return 0;
    const key = JSON.stringify(style, Object.keys(style).sort());
    const known = this.#byKey.get(key);
    if (known !== undefined) return known;
    const font =
      style.bold || style.color
        ? this.#index(
            this.#fonts,
            `<font>${style.bold ? '<b/>' : ''}<sz val="11"/>${style.color ? `<color rgb="${style.color}"/>` : ''}<name val="Calibri"/><family val="2"/></font>`,
          )
        : 0;
    const fill = style.fill
      ? this.#index(
          this.#fills,
          `<fill><patternFill patternType="solid"><fgColor rgb="${style.fill}"/><bgColor indexed="64"/></patternFill></fill>`,
        )
      : 0;
    let format = 0;
    if (style.numFmt) {
      format = BUILT_IN_FORMATS[style.numFmt] ?? this.#formats.get(style.numFmt) ?? 164 + this.#formats.size;
      if (BUILT_IN_FORMATS[style.numFmt] === undefined) this.#formats.set(style.numFmt, format);
    }
    const align =
      style.horizontal || style.vertical || style.wrap
        ? `<alignment${style.horizontal ? ` horizontal="${style.horizontal}"` : ''}${style.vertical ? ` vertical="${style.vertical === 'middle' ? 'center' : style.vertical}"` : ''}${style.wrap ? ' wrapText="1"' : ''}/>`
        : '';
    const applied = `${format ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}${fill ? ' applyFill="1"' : ''}${align ? ' applyAlignment="1"' : ''}`;
    const xf = `<xf numFmtId="${format}" fontId="${font}" fillId="${fill}" borderId="0" xfId="0"${applied}`;
    this.#xfs.push(align ? `${xf}>${align}</xf>` : `${xf}/>`);
    const id = this.#xfs.length - 1;
    this.#byKey.set(key, id);
    return id;
  }

  xml(): string {
    const formats = [...this.#formats].map(
      ([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`,
    );
    return `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">${
      formats.length ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : ''
    }<fonts count="${this.#fonts.length}">${this.#fonts.join('')}</fonts><fills count="${this.#fills.length}">${this.#fills.join(
      '',
    )}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${this.#xfs.length}">${this.#xfs.join(
      '',
    )}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/></styleSheet>`;
  }
}

/** The workbook's shared strings, each stored once. */
class StringTable {
  readonly #index = new Map<string, number>();
  #uses = 0;

  idOf(text: string): number {
    this.#uses++;
    let id = this.#index.get(text);
    if (id === undefined) {
      id = this.#index.size;
      this.#index.set(text, id);
    }
    return id;
  }

  xml(): string {
    const items = [...this.#index.keys()].map((text) => {
      const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
      return `<si><t${space}>${escapeXml(text)}</t></si>`;
    });
    return `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${this.#uses}" uniqueCount="${items.length}">${items.join('')}</sst>`;
  }
}

const isStyled = (cell: XlsxCellValue | XlsxStyledCell): cell is XlsxStyledCell =>
  cell !== null && typeof cell === 'object' && !(cell instanceof Date);

function sheetXml(sheet: XlsxSheetSpec, styles: StyleTable, strings: StringTable): string {
  const columns = sheet.columns ?? [];
  const columnStyles = columns.map((c) => c.style);
  const parts: string[] = [`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`];
  const width = Math.max(columns.length, ...sheet.rows.map((r) => r.length), 1);
  parts.push(`<dimension ref="A1:${columnName(width - 1)}${Math.max(sheet.rows.length, 1)}"/>`);

  const frozenRows = sheet.frozen?.rows ?? 0;
  const frozenColumns = sheet.frozen?.columns ?? 0;
  if (frozenRows || frozenColumns) {
    const pane = frozenRows && frozenColumns ? 'bottomRight' : frozenRows ? 'bottomLeft' : 'topRight';
    parts.push(
      `<sheetViews><sheetView workbookViewId="0"><pane${frozenColumns ? ` xSplit="${frozenColumns}"` : ''}${
        frozenRows ? ` ySplit="${frozenRows}"` : ''
      } topLeftCell="${columnName(frozenColumns)}${frozenRows + 1}" activePane="${pane}" state="frozen"/><selection pane="${pane}"/></sheetView></sheetViews>`,
    );
  } else parts.push('<sheetViews><sheetView workbookViewId="0"/></sheetViews>');
  parts.push('<sheetFormatPr defaultRowHeight="15"/>');
  if (columns.length) {
    parts.push('<cols>');
    columns.forEach((c, i) => {
      const style = styles.idOf(c.style);
      parts.push(
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 9.140625}"${style ? ` style="${style}"` : ''}${c.width ? ' customWidth="1"' : ''}/>`,
      );
    });
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  sheet.rows.forEach((row, r) => {
    const number = r + 1;
    const cells: string[] = [];
    row.forEach((cell, c) => {
      const value = isStyled(cell) ? cell.value : cell;
      const own = isStyled(cell) ? cell.style : undefined;
      const base = columnStyles[c];
      const style = styles.idOf(own ? { ...base, ...own } : base);
      const ref = `${columnName(c)}${number}`;
      const s = style ? ` s="${style}"` : '';
      if (value === null || value === undefined || value === '') {
        if (style) cells.push(`<c r="${ref}"${s}/>`);
      } else if (typeof value === 'number') {
        cells.push(Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : `<c r="${ref}"${s}/>`);
      } else if (typeof value === 'boolean') {
        cells.push(`<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`);
      } else if (value instanceof Date) {
        // A date shows as one unless its own style says otherwise (a column's text format does not).
        const dated = own?.numFmt ? style : styles.idOf({ ...base, ...own, numFmt: 'yyyy-mm-dd' });
        cells.push(`<c r="${ref}" s="${dated}"><v>${serialOf(value)}</v></c>`);
      } else cells.push(`<c r="${ref}"${s} t="s"><v>${strings.idOf(value)}</v></c>`);
    });
    parts.push(`<row r="${number}">${cells.join('')}</row>`);
  });
  parts.push('</sheetData>');
  if (sheet.autoFilter) {
    const { row, columns: count } = sheet.autoFilter;
    parts.push(`<autoFilter ref="A${row}:${columnName(count - 1)}${row}"/>`);
  }
  parts.push('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>');
  if (sheet.print) {
    parts.push(
      `<pageSetup paperSize="9" orientation="${sheet.print.landscape ? 'landscape' : 'portrait'}" fitToWidth="1" fitToHeight="0"/>`,
    );
  }
  parts.push('</worksheet>');
  // The fit-to-page switch sits in the sheet's properties, which come first.
  if (sheet.print) parts[0] = `${parts[0]}<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>`;
  return parts.join('');
}

/** Quotes a sheet name for a formula reference: 'Ranting A'!$5:$5. */
const quotedSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** The workbook as the bytes of an .xlsx file. */
export function writeXlsx(book: XlsxBookSpec): Buffer {
  const styles = new StyleTable();
  const strings = new StringTable();
  const sheetParts = book.sheets.map((sheet) => sheetXml(sheet, styles, strings));

  const names: string[] = [];
  book.sheets.forEach((sheet, i) => {
    if (sheet.autoFilter) {
      const { row, columns } = sheet.autoFilter;
      names.push(
        `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(quotedSheet(sheet.name))}!$A$${row}:$${columnName(columns - 1)}$${row}</definedName>`,
      );
    }
    if (sheet.print?.titleRow) {
      const row = sheet.print.titleRow;
      names.push(
        `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${escapeXml(quotedSheet(sheet.name))}!$${row}:$${row}</definedName>`,
      );
    }
  });
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><workbookPr/><bookViews><workbookView/></bookViews><sheets>${book.sheets
    .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 3}"/>`)
    .join(
      '',
    )}</sheets>${names.length ? `<definedNames>${names.join('')}</definedNames>` : ''}<calcPr calcId="171027"/></workbook>`;
  const workbookRels = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>${book.sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 3}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('')}</Relationships>`;
  const created = book.created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const core = `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${
    book.title ? `<dc:title>${escapeXml(book.title)}</dc:title>` : ''
  }${book.creator ? `<dc:creator>${escapeXml(book.creator)}</dc:creator>` : ''}<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified></cp:coreProperties>`;
  const types = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${book.sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join(
      '',
    )}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rootRels = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from(rootRels) },
    { name: 'docProps/core.xml', data: Buffer.from(core) },
    { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(workbookRels) },
    { name: 'xl/styles.xml', data: Buffer.from(styles.xml()) },
    ...sheetParts.map((xml, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: Buffer.from(xml) })),
    // Written last: the sheets fill it.
    { name: 'xl/sharedStrings.xml', data: Buffer.from(strings.xml()) },
  ];
  return zipArchive(entries, book.created);
}
