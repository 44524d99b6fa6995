import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { databaseMediaStore } from '../media/media.store';
import { type Check, failed, passed } from './check';

// `ukt periksa` on a machine joining others on PostgreSQL (docs/decisions/165): recordings and
// photos are rows of the database every machine reads (docs/decisions/164), not files of one
// machine's DATA_DIR. Asked through the media store, as the routes ask it.

/** The media store of the database answers a look-up. */
export async function checkSharedMedia(db: Kysely<Database>): Promise<Check> {
  const id = 'media-bersama';
  const judul = 'Rekaman dan foto dibaca semua mesin';
  try {
    await databaseMediaStore(db).exists('audio/0/0-0.webm');
    return passed(id, judul, 'Disimpan di database PostgreSQL, bukan di DATA_DIR mesin ini.');
  } catch (error) {
    return failed(
      id,
      judul,
      `Penyimpanan rekaman di database tidak dapat dibaca: ${(error as Error).message}`,
      'Mulai dulu mesin pertama dengan versi aplikasi yang sama (ia menyiapkan tabelnya), lalu periksa lagi.',
    );
  }
}
