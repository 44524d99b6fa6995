import type { KirimTautanResult } from '@ukt/core';
import { conflict } from '../../lib/errors';
import { findPengujiWithRegion } from '../penguji/penguji-panitia.repository';
import type { WaQueue } from '../whatsapp/wa-queue.service';
import { loginLinkFor } from './login-link.service';
import { type TautanDeps, tautanText } from './penguji-akses.service';
import { TOKEN_TTL_MS } from './session.service';

// "Kirim tautan login" through the WhatsApp gateway (docs/whatsapp.md): each chosen examiner gets
// a personal single-use 24-hour link, queued in the queue (docs/decisions/138) and sent at the
// gateway's pace, one after another; its state shows per examiner like a code's. Without a
// gateway the console keeps its wa.me button, one examiner at a time.

/** Why nothing can be sent without a gateway, and what to do instead. */
export const NO_GATEWAY =
  'Belum ada gateway WhatsApp di server (OTP_DELIVERY). Kirim tautan lewat tombol WhatsApp tiap penguji atau cetak kartu login; cara memasang gateway: docs/whatsapp.md.';

/** Makes a link for each examiner and queues it; a missing or deactivated examiner is skipped with why. */
export async function kirimTautan(
  deps: TautanDeps,
  queue: WaQueue | undefined,
  ids: readonly number[],
  sabuk?: number,
): Promise<KirimTautanResult> {
  if (!queue) throw conflict(NO_GATEWAY);
  const ditolak: KirimTautanResult['ditolak'] = [];
  let antre = 0;
  for (const idPemilih of new Set(ids)) {
    const made = await deps.writer.run(async (trx) => {
      const row = await findPengujiWithRegion(trx, deps.orgId, idPemilih);
      if (!row) return { alasan: 'penguji tidak ditemukan' };
      if (row.aktif !== 1) return { alasan: `${row.nama} sedang dinonaktifkan` };
      const url = await loginLinkFor({ ...deps, db: trx }, idPemilih, sabuk);
      return { row, url };
    });
    if (!('row' in made) || !made.row) {
      ditolak.push({ id_pemilih: idPemilih, alasan: made.alasan as string });
      continue;
    }
    await queue.enqueue({
      noWa: made.row.no_wa,
      idPemilih,
      jenis: 'tautan',
      isi: tautanText(made.row.nama, made.url as string),
      kode: null,
      kedaluwarsaAt: deps.now + TOKEN_TTL_MS,
    });
    antre += 1;
  }
  return { antre, ditolak };
}
