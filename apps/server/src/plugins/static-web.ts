import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, alamatKonsolLain } from '@ukt/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors';

/** A file the build would have made: a missing one is a 404, never the app's page. */
const FILE = /^\/assets\/|\.(?:js|mjs|css|map|wasm|png|jpe?g|svg|ico|webp|webmanifest|json|txt|woff2?)$/i;

/**
 * Whether an unknown GET is one of the app's own routes. A phone still running an older build asks
 * for chunks a newer build no longer has: they must fail as a 404 (the app offers to reload), not
 * arrive as index.html, which the browser refuses as a script with a MIME error.
 */
function wantsApp(request: FastifyRequest, path: string): boolean {
  return (
    request.method === 'GET' &&
    !path.startsWith(API_PREFIX) &&
    !path.startsWith('/img/') &&
    !path.startsWith('/docs') &&
    !FILE.test(path)
  );
}

/**
 * Serves the built examiner app (apps/web/dist) when it exists, brotli or gzip as the browser
 * accepts (docs/decisions/056), with every other non-API GET
 * answered by index.html so client-side routes load; everything else unknown is a JSON 404.
 */
export const staticWebPlugin = fp<{ root: string | undefined }>(async (app: FastifyInstance, { root }) => {
  const hasApp = root !== undefined && existsSync(join(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      // The build writes a .br and a .gz beside every text file (apps/web/precompress.ts): the
      // compressed file the browser accepts is sent as it is, never compressed per request.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/; the shell and service worker must revalidate.
        res.header(
          'cache-control',
          path.includes(`${'/'}assets${'/'}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const [path = '', query] = request.url.split('?');
    if (hasApp && wantsApp(request, path)) {
      // An address under /panitia that is no page of the console (core's HALAMAN_KONSOL) opens the
      // first page at once, as the app would after loading: /panitia, an old link, a typo.
      const lain = alamatKonsolLain(path);
      if (lain) return reply.header('cache-control', 'no-cache').redirect(query ? `${lain}?${query}` : lain);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw notFound('Alamat tidak ditemukan.');
  });
});
