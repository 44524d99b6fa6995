import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { KSHAN_TINGKAT, NILAI_FIELDS } from '@ukt/core';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { ImportError } from './read-table';

const FIXED = ['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi'] as const;
const SCORES = [...NILAI_FIELDS.flatMap((f) => [f, `${f}_plus`]), 'nilai_fisik2'] as const;
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
  const event = await db
    .selectFrom('ukt')
    .selectAll()
    .where('id_ukt', '=', idUkt)
    .where('id_organisasi', '=', orgId)
    .executeTakeFirst();
  if (!event) throw new ImportError(`Kegiatan id_ukt ${idUkt} tidak ada.`);
  const rows = await db
    .selectFrom('siswa')
    .innerJoin('perwapus', 'perwapus.id', 'siswa.id_perwapus')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .leftJoin('nilai', (j) =>
      j
        .onRef('nilai.id_siswa', '=', 'siswa.id_siswa')
        .on('nilai.id_ukt', '=', idUkt)
        .on('nilai.id_tingkat', '=', event.id_tingkat),
    )
    .leftJoin('nilai as lisan', (j) =>
      j
        .onRef('lisan.id_siswa', '=', 'siswa.id_siswa')
        .on('lisan.id_ukt', '=', idUkt)
        .on('lisan.id_tingkat', '=', KSHAN_TINGKAT),
    )
    .select([
      'siswa.no_urut',
      'siswa.nama',
      'perwapus.nama as perwapus',
      'cabang.nama as cabang',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
      'siswa.provinsi',
      'lisan.nilai_kshan as nilai_kshan_lisan',
    ])
    .select(SCORES.map((f) => `nilai.${f}` as `nilai.${(typeof NILAI_FIELDS)[number]}`))
    .where('siswa.id_ukt', '=', idUkt)
    .orderBy('siswa.no_urut')
    .execute();
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
