import {
  IMPOR_KEPUTUSAN_FIELD,
  IMPOR_KONFIRMASI_DINILAI_FIELD,
  type ImporJenis,
  type ImporKeputusan,
} from '@ukt/core';

/** What an import is for: its kind and, for peserta, the event; for soal, the belt. */
export interface ImporTarget {
  jenis: ImporJenis;
  /** The event of a peserta import ('' until chosen). */
  idUkt: string;
  /** The belt of a soal import ('' until chosen). */
  tingkat: string;
}

/** The query of the import calls (ImporQuery): '?id_ukt=' for peserta, '?tingkat=' for soal. */
export function imporQuery(target: ImporTarget): string {
  if (target.jenis === 'peserta') return `?${new URLSearchParams({ id_ukt: target.idUkt })}`;
  if (target.jenis === 'soal') return `?${new URLSearchParams({ tingkat: target.tingkat })}`;
  return '';
}

/**
 * The file as the import calls take it: multipart, field `file`, after the committee's region
 * decisions and how many changes to examined participants it confirmed (the server reads the
 * fields that come before the file).
 */
export function imporForm(file: File, decisions: ImporKeputusan = {}, yakinDinilai = 0): FormData {
  const form = new FormData();
  if (Object.keys(decisions).length) form.append(IMPOR_KEPUTUSAN_FIELD, JSON.stringify(decisions));
  if (yakinDinilai > 0) form.append(IMPOR_KONFIRMASI_DINILAI_FIELD, String(yakinDinilai));
  form.append('file', file, file.name);
  return form;
}
