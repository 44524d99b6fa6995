import type { WaConfig } from '../../config/whatsapp';
import { passing, refused, type WaFailure, type WaGateway } from './gateway';
import { callGateway, field, isFailure, ownWords, statusFailure } from './wa-request';

// Fonnte (https://docs.fonnte.com/api-send-message/, https://docs.fonnte.com/token-api-key):
// POST https://api.fonnte.com/send with the device token as the whole Authorization header and
// form fields `target` and `message`; the answer is JSON {"status": true, …} when the message is
// queued, {"status": false, "reason": "…"} when not, often with HTTP 200 either way.

/** Fonnte's own reason in the committee's words, with what to do. */
function fonnteFailure(reason: string): WaFailure {
  const lower = reason.toLowerCase();
  if (lower.includes('token') || lower.includes('invalid device'))
    return refused(
      `Fonnte menolak token (${reason}); salin lagi token perangkat dari fonnte.com ke WA_TOKEN`,
    );
  if (lower.includes('quota') || lower.includes('kuota') || lower.includes('expired'))
    return refused(`kuota atau paket Fonnte habis (${reason}); isi ulang paket di fonnte.com`);
  if (lower.includes('disconnect'))
    return passing(
      `perangkat WhatsApp di Fonnte terputus (${reason}); sambungkan lagi dengan memindai QR di fonnte.com`,
    );
  return refused(`Fonnte menolak pesan: ${reason}`);
}

/** The Fonnte gateway. */
export function fonnteGateway(config: Extract<WaConfig, { gateway: 'fonnte' }>): WaGateway {
  const url = `${config.baseUrl.replace(/\/$/, '')}/send`;
  return {
    name: 'fonnte',
    async send({ to, text }, signal) {
      const answer = await callGateway({
        url,
        method: 'POST',
        headers: { authorization: config.token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ target: to, message: text }).toString(),
        timeoutMs: config.timeoutMs,
        signal,
      });
      if (isFailure(answer)) return answer;
      const status = field(answer.json, 'status');
      const reason = ownWords(answer.json);
      if (status === false && answer.status < 500) return fonnteFailure(reason || 'tanpa alasan');
      const byStatus = statusFailure(answer.status, reason);
      if (byStatus) return byStatus;
      if (status !== true) return refused(`jawaban Fonnte tidak dikenal (HTTP ${answer.status})`);
      const id = field(answer.json, 'id');
      return { ok: true, id: Array.isArray(id) ? id.join(',') : id === undefined ? undefined : String(id) };
    },
  };
}
