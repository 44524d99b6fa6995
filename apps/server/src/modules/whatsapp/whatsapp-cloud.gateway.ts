import type { WaConfig } from '../../config/whatsapp';
import { passing, refused, type WaFailure, type WaGateway, type WaMessage } from './gateway';
import { callGateway, field, isFailure, quoteReason, statusFailure } from './wa-request';

// Meta's WhatsApp Cloud API: POST https://graph.facebook.com/<version>/<phone-number-id>/messages
// with `Authorization: Bearer <token>`. A login code goes as an approved *authentication*
// template whose body parameter is the code and whose copy-code button (a URL button, index 0)
// gets the code too (https://developers.facebook.com/docs/whatsapp/business-management-api/authentication-templates/copy-code-button-authentication-templates,
// https://developers.facebook.com/docs/whatsapp/api/messages/message-templates/authentication-message-templates).
// Other messages go as text, which WhatsApp delivers only within 24 hours of the examiner's own
// last message. The answer is {"messages": [{"id": "wamid…"}]}, or {"error": {"message", "code", …}}
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/).

type CloudConfig = Extract<WaConfig, { gateway: 'whatsapp-cloud' }>;

/** The request body for one message. */
function payload(config: CloudConfig, { to, text, code }: WaMessage): unknown {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (code === undefined) return { ...base, type: 'text', text: { preview_url: false, body: text } };
  return {
    ...base,
    type: 'template',
    template: {
      name: config.template,
      language: { code: config.language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  };
}

/** Meta's error codes in the committee's words, with what to do. */
function cloudFailure(config: CloudConfig, status: number, code: unknown, message: string): WaFailure {
  const own = `${message}${code === undefined ? '' : ` (kode ${String(code)})`}`;
  if (code === 190 || status === 401)
    return refused(`WhatsApp Cloud API menolak token (${own}); buat token akses baru dan simpan di WA_TOKEN`);
  if (code === 131042)
    return refused(
      `pembayaran akun WhatsApp Business bermasalah (${own}); periksa metode pembayaran di Meta Business`,
    );
  if (code === 132001 || code === 132000 || code === 132012)
    return refused(
      `template "${config.template}" bahasa ${config.language} tidak cocok atau belum disetujui (${own}); periksa WA_CLOUD_TEMPLATE dan WA_CLOUD_LANGUAGE`,
    );
  if (code === 131047)
    return refused(`pesan biasa hanya dapat dikirim dalam 24 jam setelah penguji membalas (${own})`);
  if (code === 131026) return refused(`nomor ini tidak dapat menerima pesan WhatsApp (${own})`);
  if (code === 130429 || code === 131056 || code === 131048 || code === 80007 || code === 4)
    return passing(`batas kecepatan WhatsApp Cloud API tercapai (${own})`);
  return statusFailure(status, own) ?? refused(`WhatsApp Cloud API menolak pesan: ${own}`);
}

/** The WhatsApp Cloud API gateway. */
export function whatsappCloudGateway(config: CloudConfig): WaGateway {
  const url = `${config.baseUrl.replace(/\/$/, '')}/${config.apiVersion}/${config.phoneNumberId}/messages`;
  return {
    name: 'whatsapp-cloud',
    async send(message, signal) {
      const answer = await callGateway({
        url,
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload(config, message)),
        timeoutMs: config.timeoutMs,
        signal,
      });
      if (isFailure(answer)) return answer;
      const id = field(answer.json, 'messages.0.id');
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { ok: true, id };
      const error = field(answer.json, 'error.message');
      return cloudFailure(
        config,
        answer.status,
        field(answer.json, 'error.code'),
        typeof error === 'string' ? quoteReason(error) : `HTTP ${answer.status}`,
      );
    },
  };
}
