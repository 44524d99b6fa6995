import { API, KegiatanParams } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import type { LiveMessage } from '../../plugins/live-bus';
import { findKegiatanById } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';

const HEARTBEAT_MS = 15_000;

const frame = (message: LiveMessage) =>
  message.kind === 'event'
    ? `event: ukt\ndata: ${JSON.stringify(message.event)}\n\n`
    : `event: status\ndata: ${JSON.stringify({ live: message.live })}\n\n`;

/**
 * GET /panitia/kegiatan/{id_ukt}/stream: Server-Sent Events of the event's takes and score writes
 * (DESIGN §10). Authenticated by the access-token header (read with fetch streaming, never a
 * token in a URL); a heartbeat keeps proxies from closing it; `status` says whether it is live.
 * Every `status` live:true, the first one and each after the server's link to the database came
 * back, means "read the progress again": writes in between may not have been announced
 * (docs/decisions/160).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams end when the server closes (SIGTERM, tests), so it can stop.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get(
    API.panitia.stream.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Siaran langsung ambil dan nilai peserta (Server-Sent Events)',
        params: KegiatanParams,
        response: AUTH_ERRORS,
      },
    },
    async (request, reply) => {
      const idUkt = request.params.id_ukt;
      if (!(await findKegiatanById(app.db, pengujiOf(request).id_organisasi, idUkt))) {
        throw kegiatanMissing(idUkt);
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\n\n${frame({ kind: 'status', live: app.live.live })}`);
      const unsubscribe = app.live.subscribe(String(idUkt), (message) => res.write(frame(message)));
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
      };
      const end = () => {
        stop();
        res.end();
      };
      open.add(end);
      request.raw.on('close', stop);
    },
  );
};
