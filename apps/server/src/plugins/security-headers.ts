import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for a configuration, computed once: @fastify/helmet rebuilds helmet
 * on every request, which cost a tenth of a list request (docs/decisions/015).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

/**
 * Sets helmet's security headers (CSP and the rest) on every answer, and `Cache-Control: no-store`
 * on every answer under `noStorePrefix`: API answers hold tokens and personal data, and no browser,
 * proxy or service worker may keep them (OWASP ASVS 8.2.1, DESIGN §4).
 */
export const securityHeadersPlugin = fp<{ options: HelmetOptions; noStorePrefix: string }>(
  async (app: FastifyInstance, { options, noStorePrefix }) => {
    const headers = headersOf(options);
    const apiHeaders = { ...headers, 'cache-control': 'no-store' };
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(request.url.startsWith(noStorePrefix) ? apiHeaders : headers);
    });
  },
);
