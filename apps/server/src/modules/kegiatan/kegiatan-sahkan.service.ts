import { DISAHKAN_MESSAGE } from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { conflictForNow } from '../../lib/errors';
import { lockDisahkanAt } from './kegiatan-sahkan.repository';

/**
 * Fails with 409 DISAHKAN_MESSAGE when the event is ratified (DESIGN §10). Every score write, take
 * and release calls it inside its write transaction, before writing, so a write racing the
 * ratification either commits before it or is refused (docs/decisions/041). The refusal lasts only
 * while the event is ratified, so it is never replayed to a retry with the same Idempotency-Key.
 */
export async function assertNotDisahkan(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
): Promise<void> {
  if (await lockDisahkanAt(db, idUkt)) throw conflictForNow(DISAHKAN_MESSAGE);
}
