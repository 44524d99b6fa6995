import { TINGKAT_WILAYAH, type TingkatWilayah } from '@ukt/core';
import type { RegionCache } from './region-cache';

// An import file that does not carry an optional column says nothing about it: a stored row the
// file updates keeps that column's value, a new row gets its default as the row check gives it
// (docs/decisions/156). The row is completed before anything compares or stores it, so the
// preview's "lama → baru", the counts, the examined participants' confirmation and the upsert
// all see the stored value, for every kind alike.

const isLevel = (field: string): field is TingkatWilayah =>
  (TINGKAT_WILAYAH as readonly string[]).includes(field);

/**
 * A field's stored value in the file's terms: a region by its stored name (the file names
 * regions; the kind resolves the name to the same id again), any other field as stored.
 */
function storedCell(field: string, stored: Record<string, unknown>, regions: RegionCache): unknown {
  if (!isLevel(field)) {
    // Every import column is a stored column of its kind: a new one that is not would keep nothing.
    if (!(field in stored)) throw new Error(`Kolom impor ${field} tidak tersimpan di baris yang ada`);
    return stored[field];
  }
  const id = stored[`id_${field}`];
  return typeof id === 'number' ? (regions.storedName(field, id) ?? '') : '';
}

/**
 * A checked file row with the fields of the columns the file does not carry (`absent`) taken from
 * its stored copy; a new row (no stored copy) as it is. The region names must be loaded.
 */
export function keepAbsent(
  row: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  absent: readonly string[],
  regions: RegionCache,
): Record<string, unknown> {
  if (!stored || !absent.length) return row;
  const kept = { ...row };
  for (const field of absent) kept[field] = storedCell(field, stored, regions);
  return kept;
}
