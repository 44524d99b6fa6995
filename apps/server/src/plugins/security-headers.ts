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

/** Sets helmet's security headers (CSP and the rest) on every answer. */
export const securityHeadersPlugin = fp<{ options: HelmetOptions }>(
  async (app: FastifyInstance, { options }) => {
    const headers = headersOf(options);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
);
