import { type DataPeserta, PESERTA_FIELDS_DATA, TINGKAT_WILAYAH, type TingkatWilayah } from '@ukt/core';
import type { SiswaTable } from '../../db/types';
import { searchForm } from '../../lib/search-form';

// A participant's stored row, built in one place from the fields of PESERTA_FIELDS
// (docs/decisions/150): the import and the console's add and edit store the same columns.

/** A participant's four region ids (`id_perwapus` … `id_rayon`). */
export type SiswaRegionIds = { [L in TingkatWilayah as `id_${L}`]: number };

/** The columns siswaRow gives: what an import or the console writes besides no_urut and id_ukt. */
export type SiswaRow = DataPeserta & SiswaRegionIds & { nama_cari: string };

/**
 * The columns an import's upsert changes on a stored participant, in siswaRow's order. Each is a
 * column of the siswa table: a new field fails to compile here until db/types.ts has it.
 */
export const SISWA_ROW_COLUMNS = [
  ...PESERTA_FIELDS_DATA.map((f) => f.kolom),
  'nama_cari',
  ...TINGKAT_WILAYAH.map((level) => `id_${level}` as const),
] as const satisfies readonly (keyof SiswaTable)[];

/**
 * A participant's stored columns from their fields and region ids: the fields as given, the
 * search form of the name (nama_cari), and the four region ids.
 */
export function siswaRow(fields: DataPeserta, regions: SiswaRegionIds): SiswaRow {
  // Filled one property at a time: an object made by Object.fromEntries and then spread is a slow
  // (dictionary) one, twice the memory for each of the 100,000 rows an import may hold at once.
  const row: Record<string, unknown> = {};
  for (const f of PESERTA_FIELDS_DATA) row[f.kolom] = fields[f.kolom];
  row.nama_cari = searchForm(fields.nama);
  for (const level of TINGKAT_WILAYAH) row[`id_${level}`] = regions[`id_${level}`];
  return row as SiswaRow;
}
