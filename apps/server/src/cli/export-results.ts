import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { NILAI_FIELDS } from '@ukt/core';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database, ScoreColumns } from '../db/types';
import { findKegiatan } from '../modules/kegiatan/kegiatan.repository';
import { ImportError } from './read-table';
import { listResults } from './results.repository';

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

/** `ukt export results --event ID --out FILE`: every participant's scores, .csv or .xlsx by the ending. */
export async function exportResults(
  db: Kysely<Database>,
  orgId: number,
  idUkt: number,
  out: string,
): Promise<number> {
  const ext = extname(out).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx')
    throw new ImportError('Berkas hasil harus berakhiran .csv atau .xlsx');
  const event = await findKegiatan(db, orgId, idUkt);
  if (!event) throw new ImportError(`Kegiatan id_ukt ${idUkt} tidak ada.`);
  const rows = await listResults(db, idUkt, event.id_tingkat, SCORES);
  const table = rows.map((r) =>
    HEADER.map(
      (h) => (r as Record<string, unknown>)[h] ?? ((FIXED as readonly string[]).includes(h) ? '' : 0),
    ),
  );
  if (ext === '.csv') {
    const lines = [HEADER, ...table].map((cells) => cells.map(csvCell).join(','));
    await writeFile(out, `\uFEFF${lines.join('\r\n')}\r\n`);
  } else {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(`UKT ${idUkt}`);
    sheet.addRow(HEADER);
    sheet.getRow(1).font = { bold: true };
    for (const cells of table) sheet.addRow(cells);
    await workbook.xlsx.writeFile(out);
  }
  return rows.length;
}
