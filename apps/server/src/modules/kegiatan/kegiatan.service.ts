import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { findKegiatanById } from './kegiatan.repository';

/** The 404 of an event that is not there, or not the organisation's. */
export const kegiatanMissing = (idUkt: number) => notFound(`Kegiatan dengan ID ${idUkt} tidak ditemukan.`);

/** The event, or 404 unless it is the examiner's organisation's. */
export async function requireKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  examiner: AuthPenguji,
  idUkt: number,
) {
  const kegiatan = await findKegiatanById(db, examiner.id_organisasi, idUkt);
  if (!kegiatan) throw kegiatanMissing(idUkt);
  return kegiatan;
}
