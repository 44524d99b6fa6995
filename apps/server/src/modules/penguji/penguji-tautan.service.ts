import { digitsOnly, type TautanLogin } from '@ukt/core';
import type { Writer } from '../../db/writer';
import { conflict } from '../../lib/errors';
import { loginLinkFor } from '../auth/login-link.service';
import { TOKEN_TTL_MS } from '../auth/session.service';
import { findPengujiWithRegion } from './penguji-panitia.repository';
import { missing } from './penguji-panitia.service';

// The console's login links for examiners (DESIGN §9): copy, QR, "Kirim via WhatsApp". Single
// use and 24 h like `ukt link`'s, from the same service (docs/decisions/012, 036).

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
