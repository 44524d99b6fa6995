import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them costs more time than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses large API answers (JSON, CSV exports) per request, brotli or gzip as the client
 * accepts (docs/decisions/056). Registered in the API's scope only: the built app's files are
 * compressed once at build and sent pre-compressed by the static plugin, and must not be
 * compressed again here. The live stream (`text/event-stream`, a hijacked reply) is never
 * touched: its events must go out one by one, not wait in a compressor's buffer. Register
 * before the routes: @fastify/compress attaches itself to routes as they are added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Quality 4 costs about as much CPU as gzip and still beats it; 11 is for files compressed
    // once at build, not for every request.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
});
