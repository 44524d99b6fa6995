import { IMPOR_KOLOM, type ImporJenis, type ImporKolom } from '@ukt/core';
import type { ImportTarget } from './import-target';

// The columns of each kind of import file, by the server's name of the kind ('siswa'), from the
// console's list (core's IMPOR_KOLOM, by 'peserta').

/** The console's name of an import kind. */
export function jenisOf(kind: ImportTarget['kind']): ImporJenis {
  return kind === 'siswa' ? 'peserta' : kind;
}

/** The columns of a kind's import file in the template's order, with their labels and synonyms. */
export function importKolom(kind: ImportTarget['kind']): readonly ImporKolom[] {
  return IMPOR_KOLOM[jenisOf(kind)];
}

/** The fields of a kind's import file in order (DESIGN §6). */
export function importColumns(kind: ImportTarget['kind']): string[] {
  return importKolom(kind).map((c) => c.kolom);
}
