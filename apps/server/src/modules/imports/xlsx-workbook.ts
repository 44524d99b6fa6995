import { PassThrough, pipeline, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

// exceljs's streaming reader walks the archive once, in stored order, and on Node ≥ 18 it
// sometimes loses the last entry: in a file exceljs wrote (our own templates) that is
// xl/workbook.xml, and the read fails with "Cannot read properties of undefined (reading
// 'sheets')" (exceljs#3064). The whole file is in memory anyway (an upload or a file read), so
// the parts are taken from the archive's directory instead, in the order they depend on each
// other; each worksheet is still read row by row (docs/decisions/102).

type WorkbookReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];

/** The reader's own steps, which this class calls in its own order (exceljs 4.4). */
interface ReaderSteps {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: AsyncIterable<unknown>, sheetNo: string): Generator<ReaderEvent>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

interface ReaderEvent {
  eventType: string;
  value: unknown;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** One part of the archive as a Node stream that can be iterated and passes its errors on. */
function partStream(file: unzipper.File): PassThrough {
  const out = new PassThrough();
  pipeline(file.stream(), out, () => {});
  return out;
}

/** An .xlsx workbook in memory, read sheet by sheet and row by row like exceljs's streaming reader. */
export class XlsxWorkbook extends ExcelJS.stream.xlsx.WorkbookReader {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer, options: WorkbookReaderOptions) {
    // The base class only keeps its input for its own parse(), which this class replaces.
    super(bytes as unknown as string, options);
    this.#bytes = bytes;
  }

  /** The events of exceljs's parse(): shared strings (when emitted) and worksheets in the workbook's order. */
  override async *parse(): AsyncGenerator<ReaderEvent> {
    const steps = this as unknown as ReaderSteps;
    const { files } = await unzipper.Open.buffer(this.#bytes);
    const part = (path: string) => files.find((f) => f.path === path);
    for (const [path, step] of [
      ['xl/_rels/workbook.xml.rels', steps._parseRels],
      ['xl/workbook.xml', steps._parseWorkbook],
    ] as const) {
      const file = part(path);
      if (file) await step.call(this, partStream(file));
    }
    const strings = part('xl/sharedStrings.xml');
    if (strings) {
      for await (const value of steps._parseSharedStrings.call(this, partStream(strings)))
        yield { eventType: 'shared-string', value };
    }
    const styles = part('xl/styles.xml');
    if (styles) await steps._parseStyles.call(this, partStream(styles));

    // Worksheets in the order of the workbook's tabs, so "the first sheet" is the one Excel shows first.
    const tabOrder = (steps.model?.sheets ?? []).map(
      (sheet) => steps.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target,
    );
    const sheets = files
      .map((file) => ({ file, no: WORKSHEET.exec(file.path)?.[1] }))
      .filter((s): s is { file: unzipper.File; no: string } => s.no !== undefined)
      .map((s) => {
        const tab = tabOrder.indexOf(`worksheets/sheet${s.no}.xml`);
        return { ...s, rank: tab >= 0 ? tab : tabOrder.length + Number(s.no) };
      })
      .sort((a, b) => a.rank - b.rank);
    for (const { file, no } of sheets) yield* steps._parseWorksheet.call(this, partStream(file), no);
  }
}
