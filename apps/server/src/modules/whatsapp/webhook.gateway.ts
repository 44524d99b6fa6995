import { refused, type WaGateway } from './gateway';
import { callGateway, isFailure, ownWords, statusFailure } from './wa-request';

// OTP_DELIVERY=webhook (docs/whatsapp.md): the hand-built relay of older set-ups. Its request
// stays as documented (POST OTP_WEBHOOK_URL with JSON {to, text}, no credentials of its own);
// any 2xx answer means the relay took the message. It goes through the same queue as the
// gateways, so it is tried again, has a state, and shows in the console.

/** How long the relay may take to answer, as before it went through the queue. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The webhook relay at `url`. */
export function webhookGateway(url: string, timeoutMs = WEBHOOK_TIMEOUT_MS): WaGateway {
  return {
    name: 'webhook',
    async send({ to, text }, signal) {
      const answer = await callGateway({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        timeoutMs,
        signal,
      });
      if (isFailure(answer)) return answer;
      const reason = ownWords(answer.json);
      const byStatus = statusFailure(answer.status, reason, 'OTP_WEBHOOK_URL');
      if (byStatus) return byStatus;
      if (answer.status < 200 || answer.status >= 300)
        return refused(`webhook menolak pesan (HTTP ${answer.status})${reason ? `: ${reason}` : ''}`);
      return { ok: true };
    },
  };
}
