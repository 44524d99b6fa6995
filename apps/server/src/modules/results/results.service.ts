import { extname } from 'node:path';
import type { EksporFormat, ZonaWaktu } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest } from '../../lib/errors';
import { findOrganisasiRow } from '../organisasi/organisasi.repository';
import { buildRekap } from './rekap.service';
import { rekapCsv } from './rekap-csv';
import { rekapDocument } from './rekap-document';
import { rekapPdf } from './rekap-pdf';
import { rekapXlsx } from './rekap-xlsx';
import { alasanLebihAwal } from './sahkan.service';

// The exports of an event's recap (DESIGN §10), one service for the console's download and the
// `ukt export results` command: .xlsx, .csv and a landscape PDF, all marked DRAF until ratified.

/** The file formats results are exported in. */
export type ResultsFormat = EksporFormat;

/** The content type of each format. */
export const RESULTS_CONTENT_TYPE: Record<ResultsFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** The format a results file's name asks for by its ending. */
export function resultsFormatOf(fileName: string): ResultsFormat {
  const ext = extname(fileName).toLowerCase().slice(1);
  if (ext !== 'csv' && ext !== 'xlsx' && ext !== 'pdf')
    throw badRequest('Berkas hasil harus berakhiran .xlsx, .csv atau .pdf');
  return ext;
}

/** The name a downloaded export is saved under: rekap-<id_ukt>.<ext>. */
export const resultsFileName = (idUkt: number, format: ResultsFormat) => `rekap-${idUkt}.${format}`;

/**
 * The recap of an organisation's event (every participant, withdrawn ones as 'Mundur', in no_urut
 * order, with the current rule) as a file, and how many participants it holds. Days on it are in
 * the organisation's time zone (UKT_ZONA_WAKTU).
 */
export async function exportResults(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
  format: ResultsFormat,
  { now = new Date(), zona }: { now?: Date; zona: ZonaWaktu },
): Promise<{ bytes: Buffer; count: number }> {
  const rekap = await buildRekap(db, idOrganisasi, idUkt, {
    status: 'semua',
    urut: 'no_urut',
    arah: 'naik',
  });
  const organisasi = (await findOrganisasiRow(db, idOrganisasi))?.nama_organisasi ?? '';
  const lebihAwal = rekap.kegiatan.disahkan_at ? (await alasanLebihAwal(db, idUkt)) !== null : false;
  const doc = rekapDocument(rekap, organisasi, zona, { lebihAwal });
  const bytes =
    format === 'csv'
      ? rekapCsv(doc)
      : format === 'xlsx'
        ? await rekapXlsx(doc, now)
        : await rekapPdf(doc, now);
  return { bytes, count: rekap.rows.length };
}
