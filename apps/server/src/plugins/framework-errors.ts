import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// What Fastify answers by itself, before any route, hook or error handler of the app: a URL it
// cannot decode, a path parameter past the router's limit, and what Node's HTTP parser refuses
// (an unknown method, a broken header, headers too large, a request too slow). Fastify's own
// bodies are English and echo the path; these say the same in the app's shape,
// { success: false, message } (STYLE §7, docs/decisions/123).

const GENERIC: [number, string] = [500, 'Terjadi kesalahan pada server. Silakan coba lagi.'];

/** The router's refusals, by Fastify's code. */
const ROUTER: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Alamat tidak valid. Periksa alamat yang dibuka, lalu coba lagi.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Alamat terlalu panjang.'],
};

/** Fastify's `frameworkErrors`: the router's refusals in the app's words; the path only in the log. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTER[error.code] ?? GENERIC;
  if (status >= 500) request.log.error({ err: error }, 'router error');
  else request.log.info({ code: error.code }, 'client error');
  void reply.code(status).send({ success: false, message });
}

/** Node's parser refusals, by its code; anything else it cannot read is a 400. */
const CONNECTION: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Permintaan terlalu lama tidak selesai. Periksa sinyal, lalu coba lagi.'],
  HPE_HEADER_OVERFLOW: [431, 'Header permintaan terlalu besar. Hapus cookie situs ini, lalu coba lagi.'],
};
const UNREADABLE: [number, string] = [
  400,
  'Permintaan tidak dapat dibaca. Periksa alamat dan isinya, lalu coba lagi.',
];

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse gets one JSON answer on the raw
 * socket, which then closes (as Fastify's own handler does, in the app's words).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CONNECTION[error.code ?? ''] ?? UNREADABLE;
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
