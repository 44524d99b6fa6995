import { IMPOR_MAX_UNPACKED_BYTES } from '@ukt/core';
import { badRequest } from '../../lib/errors';
import { XlsxReader, type XlsxSheet } from '../../lib/xlsx/read';

// An import workbook is read with the project's own small .xlsx reader (docs/decisions/162),
// from the archive's directory in the order the parts depend on each other (docs/decisions/102),
// each worksheet row by row.

/**
 * The sheets of an .xlsx import file, in the order of the workbook's tabs. `file` names the file
 * in messages; its parts may unpack to `maxUnpacked` bytes in all: a few megabytes of ZIP can
 * unpack to gigabytes of repeated XML (a "zip bomb"), and the sizes the archive declares are the
 * sender's word, so the inflated bytes themselves are counted.
 */
export async function importWorkbookSheets(
  file: string,
  bytes: Buffer,
  maxUnpacked = IMPOR_MAX_UNPACKED_BYTES,
): Promise<XlsxSheet[]> {
  const mb = Math.round(maxUnpacked / (1024 * 1024));
  return XlsxReader.open(bytes, {
    maxUnpacked,
    tooLarge: () =>
      badRequest(
        `${file}: isi berkas .xlsx terlalu besar setelah dibuka (lebih dari ${mb} MB). Bagi datanya menjadi beberapa berkas, lalu impor satu per satu.`,
      ),
  });
}
