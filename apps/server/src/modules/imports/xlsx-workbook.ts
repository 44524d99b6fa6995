import { PassThrough, pipeline, type Readable, Transform } from 'node:stream';
import { IMPOR_MAX_UNPACKED_BYTES } from '@ukt/core';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { badRequest } from '../../lib/errors';

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

/**
 * Counts the bytes the parts of one archive unpack to, failing as soon as they pass the limit: a
 * few megabytes of ZIP can unpack to gigabytes of repeated XML (a "zip bomb"), and the sizes the
 * archive declares are the sender's word, so the inflated bytes themselves are counted.
 */
class UnpackBudget {
  #used = 0;
  constructor(
    private readonly file: string,
    private readonly limit: number,
  ) {}

  /** A pass-through that counts; it fails with the committee's message past the limit. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.#used += chunk.length;
        if (this.#used > this.limit) done(this.tooLarge());
        else done(null, chunk);
      },
    });
  }

  private tooLarge() {
    const mb = Math.round(this.limit / (1024 * 1024));
    return badRequest(
      `${this.file}: isi berkas .xlsx terlalu besar setelah dibuka (lebih dari ${mb} MB). Bagi datanya menjadi beberapa berkas, lalu impor satu per satu.`,
    );
  }
}

/** One part of the archive as a Node stream that can be iterated and passes its errors on. */
function partStream(file: unzipper.File, budget: UnpackBudget): PassThrough {
  const out = new PassThrough();
  pipeline(file.stream(), budget.meter(), out, () => {});
  return out;
}

/** An .xlsx workbook in memory, read sheet by sheet and row by row like exceljs's streaming reader. */
export class XlsxWorkbook extends ExcelJS.stream.xlsx.WorkbookReader {
  readonly #bytes: Buffer;
  readonly #budget: UnpackBudget;

  /** `file` names the file in messages; its parts may unpack to `maxUnpacked` bytes in all. */
  constructor(
    file: string,
    bytes: Buffer,
    options: WorkbookReaderOptions,
    maxUnpacked = IMPOR_MAX_UNPACKED_BYTES,
  ) {
    // The base class only keeps its input for its own parse(), which this class replaces.
    super(bytes as unknown as string, options);
    this.#bytes = bytes;
    this.#budget = new UnpackBudget(file, maxUnpacked);
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
      if (file) await step.call(this, partStream(file, this.#budget));
    }
    const strings = part('xl/sharedStrings.xml');
    if (strings) {
      for await (const value of steps._parseSharedStrings.call(this, partStream(strings, this.#budget)))
        yield { eventType: 'shared-string', value };
    }
    const styles = part('xl/styles.xml');
    if (styles) await steps._parseStyles.call(this, partStream(styles, this.#budget));

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
    for (const { file, no } of sheets)
      yield* steps._parseWorksheet.call(this, partStream(file, this.#budget), no);
  }
}
