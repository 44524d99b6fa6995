import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is already JSON text (built and validated earlier, e.g. from a cache);
 * the route's typed reply would only accept the object form.
 */
export function sendJson(reply: unknown, json: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
