import { type AturanLulus, defaultPassRule, type PassRule, PassRuleSchema } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Writer } from '../../db/writer';
import { conflict } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { findKegiatanById } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { lockDisahkanAt } from '../kegiatan/kegiatan-sahkan.repository';
import { findAturanTerkini, insertAturan } from './aturan.repository';

// The pass rule of an event, stored with it and versioned (DESIGN §10, docs/decisions/040): each
// change is a new version; results are recomputed from the current one, never stored.

/** 404 for an unknown event or another organisation's. */

/** An event's current rule from its stored version, or the default of its belt as version 0. */
export function aturanOf(
  tingkat: number,
  stored: Awaited<ReturnType<typeof findAturanTerkini>>,
): AturanLulus {
  if (!stored) return { versi: 0, aturan: defaultPassRule(tingkat), diubah_at: null, diubah_oleh: null };
  return {
    versi: stored.versi,
    aturan: PassRuleSchema.parse(JSON.parse(stored.aturan)),
    diubah_at: stored.created_at,
    diubah_oleh: stored.diubah_oleh ?? null,
  };
}

/** The current pass rule of an organisation's event. */
export async function getAturan(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
): Promise<AturanLulus> {
  const kegiatan = await findKegiatanById(db, idOrganisasi, idUkt);
  if (!kegiatan) throw kegiatanMissing(idUkt);
  return aturanOf(kegiatan.id_tingkat, await findAturanTerkini(db, idUkt));
}

/**
 * Stores a new version of an event's pass rule (the current version + 1) and answers what this
 * request stored, never a version another request wrote meanwhile (on SQLite saves arriving
 * together share one commit). A ratified event keeps its rule (409): changing it would change
 * ratified results. Two changes racing for the same version on PostgreSQL: the second is a 409.
 */
export async function putAturan(
  writer: Writer,
  penguji: AuthPenguji,
  idUkt: number,
  aturan: PassRule,
  now: string,
): Promise<AturanLulus> {
  try {
    return await writer.run(async (trx) => {
      if (!(await findKegiatanById(trx, penguji.id_organisasi, idUkt))) throw kegiatanMissing(idUkt);
      // Share-locks the event on PostgreSQL: a ratification waits for this change (docs/decisions/041).
      if (await lockDisahkanAt(trx, idUkt)) {
        throw conflict(
          'Aturan kelulusan tidak dapat diubah: nilai kegiatan ini sudah disahkan panitia. Batalkan pengesahan dulu.',
        );
      }
      const versi = ((await findAturanTerkini(trx, idUkt))?.versi ?? 0) + 1;
      await insertAturan(trx, {
        id_ukt: idUkt,
        versi,
        aturan: JSON.stringify(aturan),
        created_at: now,
        id_pemilih: penguji.id_pemilih,
      });
      return { versi, aturan, diubah_at: now, diubah_oleh: penguji.nama };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Aturan kelulusan baru saja diubah panitia lain. Muat ulang halaman lalu coba lagi.');
    }
    throw error;
  }
}
