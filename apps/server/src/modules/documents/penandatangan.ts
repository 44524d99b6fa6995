import {
  gabungPenandatangan,
  hariTandaTangan,
  jabatanOf,
  PENANDATANGAN_DOKUMEN,
  type Penandatangan,
  type PenandatanganSet,
  tanggalPanjangId,
  type ZonaWaktu,
} from '@ukt/core';
import type { Selectable } from 'kysely';
import type { UktTable } from '../../db/types';
import { penandatanganOf } from '../organisasi/penandatangan';

// Who signs a document and the place and date above the signatures (docs/decisions/110, 111).

/**
 * The signatories of an event's document, left to right: the event's own where it names them, else
 * the organisation's, with default titles where neither sets one.
 */
export function penandatanganDokumen(
  organisasi: PenandatanganSet,
  kegiatan: { penandatangan: string | null },
  dokumen: keyof typeof PENANDATANGAN_DOKUMEN,
): Penandatangan[] {
  const set = gabungPenandatangan(organisasi, penandatanganOf(kegiatan));
  return PENANDATANGAN_DOKUMEN[dokumen].map((key) => jabatanOf(set, key));
}

/**
 * 'Madiun, 28 November 2026': the city and the signing day, the day the event was ratified (today
 * for a DRAF) in the organisation's time zone, but never before its last test day.
 */
export function tanggalTandaTangan(
  kota: string,
  kegiatan: Selectable<UktTable>,
  now: Date,
  zona: ZonaWaktu,
): string {
  return `${kota}, ${tanggalPanjangId(hariTandaTangan(kegiatan.disahkan_at, now, kegiatan, zona))}`;
}
