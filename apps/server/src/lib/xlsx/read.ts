import { posix } from 'node:path';
import { parseXml, type XmlHandler } from './xml';
import { unpackPart, type ZipPart, zipDirectory } from './zip';

// A small .xlsx reader covering what an import reads (docs/decisions/162): shared and inline
// strings, numbers, dates (a number styled as a date), booleans, formulas' cached values, the
// sheets in the order of the workbook's tabs. A sheet is read a row at a time from its own
// inflating stream; what is held is the file's bytes, its shared strings and the rows not yet
// taken.

/** A cell's value: empty cells and errors (#N/A) are null. */
export type XlsxValue = string | number | boolean | Date | null;

/** One row as stored: its number (1-based) and its cells by column (index 0 is column A). */
export interface XlsxRow {
  number: number;
  cells: XlsxValue[];
}

/** A sheet of the workbook, in tab order. */
export interface XlsxSheet {
  name: string;
  /** The sheet's rows, in stored order, a batch per unpacked chunk. */
  rows(): AsyncGenerator<XlsxRow[]>;
}

/** How much the parts may unpack to in all, and the error to fail with past it. */
export interface XlsxLimits {
  maxUnpacked: number;
  tooLarge: () => Error;
}

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A number format shows a date or a time when it has date letters outside quotes and [brackets]. */
function isDateFormat(code: string): boolean {
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '')) && !/^general$/i.test(code);
}

/** Excel's serial day number as a date (UTC midnight for whole days). */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** Column index (0 = A) of a cell reference such as `AB12`, or -1. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

/** A relationship target resolved against the part that names it. */
function resolveTarget(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  return posix.normalize(posix.join(posix.dirname(fromPart), target));
}

function relsPathOf(part: string): string {
  return posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
}

/** An .xlsx workbook held as its bytes; parts are unpacked when read. */
export class XlsxReader {
  readonly #bytes: Buffer;
  readonly #parts = new Map<string, ZipPart>();
  readonly #limits: XlsxLimits;
  #unpacked = 0;
  #strings: string[] = [];
  #dateStyles: boolean[] = [];
  #date1904 = false;

  private constructor(bytes: Buffer, limits: XlsxLimits) {
    this.#bytes = bytes;
    this.#limits = limits;
    // Part names are case-insensitive (Open Packaging Conventions).
    for (const part of zipDirectory(bytes)) this.#parts.set(part.name.toLowerCase(), part);
  }

  /** Opens a workbook: reads its directory, workbook, shared strings and styles; sheets are read later. */
  static async open(bytes: Buffer, limits: XlsxLimits): Promise<XlsxSheet[]> {
    return new XlsxReader(bytes, limits).#workbook();
  }

  #chunks(name: string): AsyncGenerator<Buffer> | null {
    const part = this.#parts.get(name.toLowerCase());
    if (!part) return null;
    return unpackPart(this.#bytes, part, (size) => {
      this.#unpacked += size;
      if (this.#unpacked > this.#limits.maxUnpacked) throw this.#limits.tooLarge();
    });
  }

  async #readWhole(name: string, handler: XmlHandler): Promise<boolean> {
    const chunks = this.#chunks(name);
    if (!chunks) return false;
    for await (const _ of parseXml(chunks, handler));
    return true;
  }

  async #relationships(part: string): Promise<{ id: string; type: string; target: string }[]> {
    const rels: { id: string; type: string; target: string }[] = [];
    await this.#readWhole(relsPathOf(part), {
      open(name, a) {
        if (name === 'Relationship' && a.Target && a.TargetMode !== 'External')
          rels.push({ id: a.Id ?? '', type: a.Type ?? '', target: resolveTarget(part, a.Target) });
      },
    });
    return rels;
  }

  async #workbook(): Promise<XlsxSheet[]> {
    const root = await this.#relationships('');
    const workbook = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
    const rels = await this.#relationships(workbook);
    const byType = (type: string) => rels.find((r) => r.type.endsWith(`/${type}`))?.target;

    const tabs: { name: string; rId: string }[] = [];
    const found = await this.#readWhole(workbook, {
      open: (name, a) => {
        if (name === 'sheet') tabs.push({ name: a.name ?? '', rId: a['r:id'] ?? a.id ?? '' });
        else if (name === 'workbookPr') this.#date1904 = a.date1904 === '1' || a.date1904 === 'true';
      },
    });
    await this.#sharedStrings(byType('sharedStrings') ?? 'xl/sharedStrings.xml');
    await this.#styles(byType('styles') ?? 'xl/styles.xml');

    const paths = tabs
      .map((tab) => ({ name: tab.name, path: rels.find((r) => r.id === tab.rId)?.target }))
      .filter((s): s is { name: string; path: string } => !!s.path && this.#parts.has(s.path.toLowerCase()));
    if (!found || !paths.length) {
      // No workbook part to say the tabs: the worksheets by their number.
      for (const part of this.#parts.values()) {
        const no = /^xl\/worksheets\/sheet(\d+)\.xml$/i.exec(part.name)?.[1];
        if (no) paths.push({ name: `Sheet${no}`, path: part.name });
      }
      paths.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
    }
    return paths.map(({ name, path }) => ({ name, rows: () => this.#rows(path) }));
  }

  async #sharedStrings(path: string): Promise<void> {
    const strings: string[] = [];
    let text = '';
    let inText = false;
    let phonetic = false;
    await this.#readWhole(path, {
      open(name) {
        if (name === 'si') text = '';
        else if (name === 't' && !phonetic) inText = true;
        else if (name === 'rPh') phonetic = true;
      },
      text(value) {
        if (inText) text += value;
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'si') strings.push(text);
      },
    });
    this.#strings = strings;
  }

  async #styles(path: string): Promise<void> {
    const formats = new Map<number, string>();
    const dateStyles: boolean[] = [];
    let inCellXfs = false;
    await this.#readWhole(path, {
      open(name, a) {
        if (name === 'numFmt') formats.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(a.numFmtId ?? 0);
          const code = formats.get(id);
          dateStyles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code));
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
    this.#dateStyles = dateStyles;
  }

  async *#rows(path: string): AsyncGenerator<XlsxRow[]> {
    const chunks = this.#chunks(path);
    if (!chunks) return;
    const strings = this.#strings;
    const dateStyles = this.#dateStyles;
    const date1904 = this.#date1904;
    let batch: XlsxRow[] = [];
    let row: XlsxRow | null = null;
    let lastNumber = 0;
    // The cell being read: its column, type, style, and the text of its <v> or inline <t>.
    let column = -1;
    let type = '';
    let style = 0;
    let value: string | null = null;
    let formula = false;
    let inValue = false;
    let inSheetData = false;

    const handler: XmlHandler = {
      open(name, a) {
        switch (name) {
          case 'sheetData':
            inSheetData = true;
            break;
          case 'row': {
            if (!inSheetData) break;
            const number = a.r ? Number.parseInt(a.r, 10) : lastNumber + 1;
            row = { number, cells: [] };
            lastNumber = number;
            column = -1;
            break;
          }
          case 'c': {
            if (!row) break;
            const at = a.r ? columnOf(a.r) : -1;
            column = at >= 0 ? at : column + 1;
            type = a.t ?? 'n';
            style = a.s ? Number.parseInt(a.s, 10) : 0;
            value = null;
            formula = false;
            break;
          }
          case 'f':
            formula = true;
            break;
          case 'v':
          case 't':
            if (row) {
              inValue = true;
              value ??= '';
            }
            break;
        }
      },
      text(text) {
        if (inValue) value += text;
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            inValue = false;
            break;
          case 'c': {
            if (!row || value === null) break;
            let cell: XlsxValue;
            switch (type) {
              case 's':
                cell = strings[Number.parseInt(value, 10)] ?? '';
                break;
              case 'str':
              case 'inlineStr':
                cell = value;
                break;
              case 'b':
                cell = value === '1' || value === 'true';
                break;
              case 'e':
                cell = null;
                break;
              case 'd':
                cell = new Date(value);
                break;
              default: {
                const number = Number(value);
                if (value.trim() === '' || Number.isNaN(number)) cell = formula ? null : value;
                else cell = dateStyles[style] ? serialDate(number, date1904) : number;
              }
            }
            row.cells[column] = cell;
            break;
          }
          case 'row':
            if (row) {
              // Cells a row skips (empty ones) are null, not holes.
              for (let i = 0; i < row.cells.length; i++) row.cells[i] ??= null;
              batch.push(row);
              row = null;
            }
            break;
          case 'sheetData':
            inSheetData = false;
            break;
        }
      },
    };
    for await (const _ of parseXml(chunks, handler)) {
      if (batch.length) {
        yield batch;
        batch = [];
      }
    }
  }
}
