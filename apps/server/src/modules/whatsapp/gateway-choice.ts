import type { Config } from '../../config/env';
import type { WaConfig } from '../../config/whatsapp';
import { fonnteGateway } from './fonnte.gateway';
import type { WaGateway } from './gateway';
import { httpGateway } from './http.gateway';
import { wablasGateway } from './wablas.gateway';
import { webhookGateway } from './webhook.gateway';
import { whatsappCloudGateway } from './whatsapp-cloud.gateway';

/** The credentials of a gateway's settings: every piece a reason must never show. */
export function secretsOf(config: WaConfig): string[] {
  if (config.gateway === 'http') {
    const query = [...new URL(config.url).searchParams.values()];
    const headers = Object.values(config.headers).flatMap((v) => [v, ...v.split(/\s+/)]);
    // An auth scheme's word (Bearer, Basic) is no secret; the value after it is.
    return [...query, ...headers].filter((s) => s.length >= 6 && !/^(bearer|basic|token)$/i.test(s));
  }
  const secrets = [config.token];
  if (config.gateway === 'wablas' && config.secretKey) secrets.push(config.secretKey);
  return secrets;
}

/** `text` with every credential replaced by ***. */
export function redact(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join('***'), text);
}

/** The gateway the settings name; every reason it gives has its credentials blanked out. */
export function gatewayFor(config: WaConfig): WaGateway {
  const gateway =
    config.gateway === 'fonnte'
      ? fonnteGateway(config)
      : config.gateway === 'wablas'
        ? wablasGateway(config)
        : config.gateway === 'whatsapp-cloud'
          ? whatsappCloudGateway(config)
          : httpGateway(config);
  const secrets = secretsOf(config);
  return {
    name: gateway.name,
    pauseMs: config.pauseMs,
    async send(message, signal) {
      const result = await gateway.send(message, signal);
      return result.ok ? result : { ...result, reason: redact(result.reason, secrets) };
    },
  };
}

/** The secrets an address may carry in its query (?token=…); a reason never shows them. */
const querySecrets = (url: string) => [...new URL(url).searchParams.values()].filter((s) => s.length >= 6);

/**
 * The sender of the WhatsApp queue for these settings: the gateway OTP_DELIVERY names, or the webhook
 * relay (OTP_DELIVERY=webhook); none for log and file, which deliver on the spot.
 */
export function queueGatewayOf(config: Pick<Config, 'otp' | 'wa'>): WaGateway | undefined {
  if (config.wa) return gatewayFor(config.wa);
  if (config.otp.delivery !== 'webhook' || !config.otp.webhookUrl) return undefined;
  const gateway = webhookGateway(config.otp.webhookUrl);
  const secrets = querySecrets(config.otp.webhookUrl);
  return {
    name: gateway.name,
    async send(message, signal) {
      const result = await gateway.send(message, signal);
      return result.ok ? result : { ...result, reason: redact(result.reason, secrets) };
    },
  };
}
