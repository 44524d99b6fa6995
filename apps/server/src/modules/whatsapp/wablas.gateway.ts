import type { WaConfig } from '../../config/whatsapp';
import { refused, type WaFailure, type WaGateway } from './gateway';
import { callGateway, field, isFailure, ownWords, statusFailure } from './wa-request';

// Wablas (https://wablas.com/documentation/api): each account lives on its own server
// (https://<server>.wablas.com, WA_BASE_URL); POST /api/send-message with the device token in the
// Authorization header — "token.secret_key" when the device has a secret key — and form fields
// `phone` and `message`. The answer is JSON {"status": true, "message": "…", "data": {…messages:
// [{id, phone, status}]}} when queued, {"status": false, "message": "…"} when not.

/** Wablas's own reason in the committee's words, with what to do. */
function wablasFailure(reason: string): WaFailure {
  const lower = reason.toLowerCase();
  if (lower.includes('token') || lower.includes('secret'))
    return refused(`Wablas menolak token (${reason}); periksa WA_TOKEN dan WA_SECRET_KEY di dasbor Wablas`);
  if (lower.includes('quota') || lower.includes('kuota') || lower.includes('expired'))
    return refused(`kuota atau paket Wablas habis (${reason}); perpanjang paket di dasbor Wablas`);
  return refused(`Wablas menolak pesan: ${reason}`);
}

/** The Wablas gateway. */
export function wablasGateway(config: Extract<WaConfig, { gateway: 'wablas' }>): WaGateway {
  const url = `${config.baseUrl.replace(/\/$/, '')}/api/send-message`;
  const authorization = config.secretKey ? `${config.token}.${config.secretKey}` : config.token;
  return {
    name: 'wablas',
    async send({ to, text }, signal) {
      const answer = await callGateway({
        url,
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ phone: to, message: text }).toString(),
        timeoutMs: config.timeoutMs,
        signal,
      });
      if (isFailure(answer)) return answer;
      const status = field(answer.json, 'status');
      const reason = ownWords(answer.json);
      if (status === false && answer.status < 500) return wablasFailure(reason || `HTTP ${answer.status}`);
      const byStatus = statusFailure(answer.status, reason, 'WA_TOKEN dan WA_SECRET_KEY');
      if (byStatus) return byStatus;
      if (status !== true) return refused(`jawaban Wablas tidak dikenal (HTTP ${answer.status})`);
      const id = field(answer.json, 'data.messages.0.id');
      return { ok: true, id: id === undefined ? undefined : String(id) };
    },
  };
}
