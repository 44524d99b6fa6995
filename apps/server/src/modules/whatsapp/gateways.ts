import type { WaConfig } from '../../config/whatsapp';
import { fonnteGateway } from './fonnte.gateway';
import { httpGateway } from './http.gateway';
import type { WaGateway } from './wa-gateway';
import { wablasGateway } from './wablas.gateway';
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
    async send(message, signal) {
      const result = await gateway.send(message, signal);
      return result.ok ? result : { ...result, reason: redact(result.reason, secrets) };
    },
  };
}
