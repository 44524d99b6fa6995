import { TINGKAT_WILAYAH } from '@ukt/core';
import type { RowKind } from './import-kinds';
import type { ImportChange } from './import-target';
import { NEW_REGION, type RegionCache } from './region-cache';

// What an update changes in a stored row, field by field: the preview's "lama → baru" and the
// guard on scored participants read it (docs/decisions/149).

const isLevel = (field: string): field is (typeof TINGKAT_WILAYAH)[number] =>
  (TINGKAT_WILAYAH as readonly string[]).includes(field);

const shownValue = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * What storing a row changes in its stored copy, field by field in the file's column order: a
 * region by its stored name (a new one by the name the file gives it), the rest as stored.
 */
export function changesOf(
  kind: RowKind,
  fields: readonly string[],
  stored: Record<string, unknown>,
  row: Record<string, unknown>,
  values: Record<string, unknown>,
  regions: RegionCache,
  label: (field: string) => string,
): ImportChange[] {
  const changes: ImportChange[] = [];
  for (const field of fields) {
    if (field === kind.keyField) continue;
    let lama: string;
    let baru: string;
    if (isLevel(field)) {
      const was = stored[`id_${field}`] ?? null;
      const next = values[`id_${field}`] ?? null;
      if (was === next && next !== NEW_REGION) continue;
      lama = typeof was === 'number' ? (regions.storedName(field, was) ?? '') : '';
      baru =
        (typeof next === 'number' && next !== NEW_REGION ? regions.storedName(field, next) : undefined) ??
        shownValue(row[field]);
    } else {
      const next = field in values ? values[field] : row[field];
      if (stored[field] === next) continue;
      lama = shownValue(stored[field]);
      baru = shownValue(next);
    }
    if (lama !== baru) changes.push({ field, label: label(field), lama, baru });
  }
  return changes;
}

/** Compares the stored values of a row with the imported ones, field by field. */
export function sameValues(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([k, v]) => stored[k] === v);
}
