import { extname } from 'node:path';
import { NILAI_FIELDS } from '@ukt/core';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database, ScoreColumns } from '../../db/types';
import { badRequest, notFound } from '../../lib/errors';
import { findKegiatanById } from '../kegiatan/kegiatan.repository';
import { listResults } from './results.repository';

/** The file formats results are exported in. */
export type ResultsFormat = 'csv' | 'xlsx';

const FIXED = ['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi'] as const;
const SCORES: (keyof ScoreColumns | 'nilai_fisik2')[] = [
  ...NILAI_FIELDS.flatMap((f) => [f, `${f}_plus` as const]),
  'nilai_fisik2',
];
const HEADER = [...FIXED, ...SCORES, 'nilai_kshan_lisan'];

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote what needs it, and defuse cells a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The format a results file's name asks for by its ending. */
export function resultsFormatOf(fileName: string): ResultsFormat {
  const ext = extname(fileName).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx') throw badRequest('Berkas hasil harus berakhiran .csv atau .xlsx');
  return ext === '.csv' ? 'csv' : 'xlsx';
}

/** Every participant's scores of an event as a .csv or .xlsx file, and how many participants it holds. */
export async function exportResults(
  db: Kysely<Database>,
  orgId: number,
  idUkt: number,
  format: ResultsFormat,
): Promise<{ bytes: Buffer; count: number }> {
  const event = await findKegiatanById(db, orgId, idUkt);
  if (!event) throw notFound(`Kegiatan id_ukt ${idUkt} tidak ada.`);
  const rows = await listResults(db, idUkt, event.id_tingkat, SCORES);
  const table = rows.map((r) =>
    HEADER.map(
      (h) => (r as Record<string, unknown>)[h] ?? ((FIXED as readonly string[]).includes(h) ? '' : 0),
    ),
  );
  if (format === 'csv') {
    const lines = [HEADER, ...table].map((cells) => cells.map(csvCell).join(','));
    return { bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), count: rows.length };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`UKT ${idUkt}`);
  sheet.addRow(HEADER);
  sheet.getRow(1).font = { bold: true };
  for (const cells of table) sheet.addRow(cells);
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), count: rows.length };
}
