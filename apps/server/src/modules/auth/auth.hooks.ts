import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors';
import { isTokenOfNonaktif, PENGUJI_NONAKTIF, pengujiOfToken, SESSION_CACHE_MS } from './session.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the `access-token` header must name a live session. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook for GETs an <img> or <audio> tag makes: the `token` cookie is accepted too. */
    authenticateMedia: (request: FastifyRequest) => Promise<void>;
  }
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers['access-token'];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Resolves the examiner from the token on every protected request (DESIGN §4); a live token's
 * examiner is kept in memory for `sessionCacheMs` (docs/decisions/018).
 */
export const authPlugin = fp<{ sessionCacheMs?: number }>(async (app: FastifyInstance, options) => {
  const cacheMs = options.sessionCacheMs ?? SESSION_CACHE_MS;
  app.decorateRequest('examiner', null);

  const resolve = async (request: FastifyRequest, token: string | undefined) => {
    if (!token) throw unauthorized('Token tidak ditemukan. Silakan login.');
    const examiner = await pengujiOfToken(app.db, app.secret, token, app.clock(), cacheMs);
    if (!examiner && (await isTokenOfNonaktif(app.db, app.secret, 'session', token))) {
      throw unauthorized(PENGUJI_NONAKTIF);
    }
    if (!examiner || examiner.id_organisasi !== app.config.orgId) throw unauthorized();
    request.examiner = examiner;
  };

  app.decorate('authenticate', (request: FastifyRequest) => resolve(request, headerToken(request)));
  app.decorate('authenticateMedia', (request: FastifyRequest) =>
    resolve(request, headerToken(request) ?? request.cookies.token),
  );
});
