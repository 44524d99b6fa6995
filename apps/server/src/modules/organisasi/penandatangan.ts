import { PenandatanganSet } from '@ukt/core';

// The signatories (docs/decisions/110), kept as JSON in organisasi.penandatangan and, for one
// event's own, ukt.penandatangan.

/** The signatories a row's column names; a malformed or empty column names nobody. */
export function penandatanganOf(row: { penandatangan: string | null } | undefined): PenandatanganSet {
  let json: unknown = {};
  try {
    json = row?.penandatangan ? JSON.parse(row.penandatangan) : {};
  } catch {
    json = {};
  }
  const parsed = PenandatanganSet.safeParse(json);
  return parsed.success ? parsed.data : PenandatanganSet.parse({});
}

/** The column value of a set of signatories. */
export function penandatanganColumn(set: PenandatanganSet): string {
  return JSON.stringify(set);
}
