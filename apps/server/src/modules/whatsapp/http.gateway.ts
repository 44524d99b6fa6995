import type { WaConfig } from '../../config/whatsapp';
import { refused, type WaGateway, type WaMessage } from './gateway';
import { callGateway, field, isFailure, ownWords, statusFailure } from './wa-request';

// The generic gateway (docs/whatsapp.md): for a gateway without its own sender (Woowa, a
// self-hosted one …), its method, address, headers and body are settings. {to}, {text} and {code}
// in the address and the body are replaced, each escaped for where it stands (URL, JSON or form).
// Success is a 2xx answer and, with WA_HTTP_OK_FIELD, that JSON field equal to WA_HTTP_OK_VALUE
// (or true-ish when no value is given).

type HttpConfig = Extract<WaConfig, { gateway: 'http' }>;

/** The template with {to}, {text} and {code} replaced through `escape`. */
function fill(template: string, message: WaMessage, encode: (value: string) => string): string {
  const values: Record<string, string> = { to: message.to, text: message.text, code: message.code ?? '' };
  return template.replace(/\{(to|text|code)\}/g, (_, name: string) => encode(values[name] as string));
}

/** The content type the body is sent as: the one WA_HTTP_HEADERS gives, else JSON or a form by its look. */
function contentTypeOf(config: HttpConfig): string {
  const given = Object.entries(config.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (given) return given;
  return /^\s*[[{]/.test(config.body) ? 'application/json' : 'application/x-www-form-urlencoded';
}

const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);

/** Whether the answer's JSON says the message was taken, as the settings define it. */
function okByField(config: HttpConfig, json: unknown): boolean {
  if (!config.okField) return true;
  const value = field(json, config.okField);
  if (config.okValue === undefined)
    return value === true || value === 1 || value === 'true' || value === 'ok';
  return value !== undefined && value !== null && String(value) === config.okValue;
}

/** The generic HTTP gateway. */
export function httpGateway(config: HttpConfig): WaGateway {
  const type = contentTypeOf(config);
  const escapeValue = type.includes('json')
    ? jsonEscape
    : type.includes('urlencoded')
      ? encodeURIComponent
      : String;
  return {
    name: 'http',
    async send(message, signal) {
      const hasBody = config.method !== 'GET';
      const answer = await callGateway({
        url: fill(config.url, message, encodeURIComponent),
        method: config.method,
        headers: hasBody ? { 'content-type': type, ...config.headers } : config.headers,
        body: hasBody ? fill(config.body, message, escapeValue) : undefined,
        timeoutMs: config.timeoutMs,
        signal,
      });
      if (isFailure(answer)) return answer;
      const reason = ownWords(answer.json);
      const byStatus = statusFailure(answer.status, reason, 'WA_HTTP_HEADERS atau WA_HTTP_URL');
      if (byStatus) return byStatus;
      if (answer.status < 200 || answer.status >= 300)
        return refused(`gateway menolak pesan (HTTP ${answer.status})${reason ? `: ${reason}` : ''}`);
      if (!okByField(config, answer.json))
        return refused(
          `gateway tidak menyatakan pesan diterima (${config.okField} bukan ${config.okValue ?? 'true'})${reason ? `: ${reason}` : ''}`,
        );
      return { ok: true };
    },
  };
}
