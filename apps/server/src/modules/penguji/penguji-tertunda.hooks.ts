import { OUTBOX_DITOLAK_HEADER, OUTBOX_HEADER } from '@ukt/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { upsertPengujiTertunda } from './penguji-tertunda.repository';

// The examiner app sends how many writes its outbox still holds on its API requests (DESIGN §10:
// "the app reports its outbox size when it syncs"); the progress page shows it per examiner. A
// count only, never score content (docs/decisions/041).

/** The most a phone may report; anything else in the header is ignored. */
const MAX_TERTUNDA = 10_000;
/** An unchanged report is stored again at most this often per process, so reads do not write. */
const REFRESH_MS = 60_000;

/** The count a request reports in a header: a whole number 0–10000, else null. */
function countIn(request: FastifyRequest, header: string): number | null {
  const value = request.headers[header];
  if (typeof value !== 'string' || !/^\d{1,5}$/.test(value)) return null;
  const count = Number(value);
  return count <= MAX_TERTUNDA ? count : null;
}

/** The count a request reports: a whole number 0–10000 in OUTBOX_HEADER, else null. */
export function tertundaOf(request: FastifyRequest): number | null {
  return countIn(request, OUTBOX_HEADER);
}

/** How many of those the server refused (OUTBOX_DITOLAK_HEADER, docs/decisions/125): 0 unless said, never more than the count. */
function ditolakOf(request: FastifyRequest, jumlah: number): number {
  return Math.min(jumlah, countIn(request, OUTBOX_DITOLAK_HEADER) ?? 0);
}

/** The event a request names in its body, query or path, if any. */
function idUktOf(request: FastifyRequest): number | null {
  for (const source of [request.body, request.query, request.params]) {
    const value = (source as Record<string, unknown> | null | undefined)?.id_ukt;
    const id = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) return id;
  }
  return null;
}

/**
 * onResponse hook of every request an examiner's token authenticated (after the answer is sent,
 * so it costs the phone nothing): stores the reported count when it changed, when the request
 * names another event, or at most every REFRESH_MS otherwise, and announces a changed count live
 * ('tertunda') to the dashboards of the examiner's event when one is known. A 5xx is skipped (the
 * database is likely away); a failed store is only logged.
 */
export const pengujiTertundaPlugin = fp(async (app: FastifyInstance) => {
  const stored = new Map<number, { jumlah: number; ditolak: number; idUkt: number | null; at: number }>();

  app.addHook('onResponse', async (request, reply) => {
    const examiner = request.examiner;
    if (!examiner || reply.statusCode >= 500) return;
    const jumlah = tertundaOf(request);
    if (jumlah === null) return;
    const ditolak = ditolakOf(request, jumlah);
    const idUkt = idUktOf(request);
    const now = app.clock();
    const last = stored.get(examiner.id_pemilih);
    const sameEvent = idUkt === null || idUkt === last?.idUkt;
    const same = last?.jumlah === jumlah && last.ditolak === ditolak;
    if (last && same && sameEvent && now - last.at < REFRESH_MS) return;
    // Remembered before the write, so requests arriving meanwhile do not write it again.
    stored.set(examiner.id_pemilih, { jumlah, ditolak, idUkt: idUkt ?? last?.idUkt ?? null, at: now });
    const at = new Date(now).toISOString();
    try {
      const before = await app.writer.run((trx) =>
        upsertPengujiTertunda(trx, { id_pemilih: examiner.id_pemilih, jumlah, ditolak, at, id_ukt: idUkt }),
      );
      const event = idUkt ?? before?.id_ukt ?? null;
      const changed = before?.jumlah !== jumlah || before.ditolak !== ditolak || before.id_ukt !== event;
      if (event !== null && changed) {
        app.live.publish({
          jenis: 'tertunda',
          id_ukt: String(event),
          id_siswa: null,
          id_pemilih: String(examiner.id_pemilih),
          at,
        });
      }
    } catch (error) {
      stored.delete(examiner.id_pemilih);
      request.log.warn({ reason: (error as Error).message }, 'Laporan nilai tertunda HP tidak tersimpan.');
    }
  });
});
