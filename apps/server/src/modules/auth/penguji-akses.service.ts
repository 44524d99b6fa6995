import { digitsOnly, type PanitiaPenguji, type TautanLogin } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { badRequest, conflict } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { withPengujiForgotten } from '../../plugins/session-cache';
import { updatePenguji } from '../penguji/penguji.repository';
import { findPengujiWithRegion } from '../penguji/penguji-panitia.repository';
import { getPanitiaPenguji, missing } from '../penguji/penguji-panitia.service';
import { loginLinkFor } from './login-link.service';
import { revokeTokensOfPenguji } from './session.repository';
import { TOKEN_TTL_MS } from './session.service';

// The console's access to an examiner (DESIGN §9): deactivate and reactivate (docs/decisions/036),
// and login links to copy, show as QR or "Kirim via WhatsApp", single use and 24 h like
// `ukt link`'s (docs/decisions/012). Both end or make tokens, so they sit with the tokens.

/**
 * Deactivates an examiner (their sessions and unused login links end in the same transaction,
 * and this process forgets them at once) or reactivates them (they may sign in again; ended
 * sessions stay ended). An admin cannot deactivate themself.
 */
export async function setPengujiAktif(
  db: Kysely<Database>,
  writer: Writer,
  actor: AuthPenguji,
  idPemilih: number,
  aktif: boolean,
  now: number,
): Promise<PanitiaPenguji> {
  if (!aktif && actor.id_pemilih === idPemilih) {
    throw badRequest(
      'Anda tidak dapat menonaktifkan akun Anda sendiri. Minta admin panitia lain bila memang perlu.',
    );
  }
  await withPengujiForgotten(db, idPemilih, () =>
    writer.run(async (trx) => {
      if (!(await findPengujiWithRegion(trx, actor.id_organisasi, idPemilih))) throw missing(idPemilih);
      await updatePenguji(trx, idPemilih, { aktif: aktif ? 1 : 0 });
      if (!aktif) await revokeTokensOfPenguji(trx, idPemilih, now);
    }),
  );
  return getPanitiaPenguji(db, actor.id_organisasi, idPemilih);
}

/** What making a console login link needs. */
export interface TautanDeps {
  writer: Writer;
  secret: string;
  orgId: number;
  publicUrl: string;
  now: number;
}

/** The WhatsApp message that carries a login link. */
export function tautanText(nama: string, url: string): string {
  return `Assalamu'alaikum ${nama}, ini tautan masuk aplikasi UKT Penguji (sekali pakai, berlaku 24 jam): ${url}`;
}

/**
 * A fresh single-use 24-hour login link for an examiner, with a wa.me link that sends it to their
 * number; 409 for a deactivated examiner.
 */
export async function createTautan(
  deps: TautanDeps,
  idPemilih: number,
  sabuk?: number,
): Promise<TautanLogin> {
  return deps.writer.run(async (trx) => {
    const row = await findPengujiWithRegion(trx, deps.orgId, idPemilih);
    if (!row) throw missing(idPemilih);
    if (row.aktif !== 1) {
      throw conflict(`${row.nama} sedang dinonaktifkan. Aktifkan dulu sebelum membuat tautan login.`);
    }
    const url = await loginLinkFor({ ...deps, db: trx }, idPemilih, sabuk);
    return {
      url,
      whatsapp: `https://wa.me/${digitsOnly(row.no_wa)}?text=${encodeURIComponent(tautanText(row.nama, url))}`,
      berlaku_sampai: new Date(deps.now + TOKEN_TTL_MS).toISOString(),
    };
  });
}
