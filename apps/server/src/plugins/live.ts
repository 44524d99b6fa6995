import type { LiveEvent } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DialectName } from '../db/dialect';
import { appConnectionName } from '../db/in-use';
import { createMemoryBus, createPostgresBus, type LiveBus } from './live-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events of takes and score writes, for the committee's dashboards (DESIGN §10). */
    live: LiveBus;
  }
  interface FastifyContextConfig {
    /** A write route whose 2xx answer is announced on the live bus as this kind of event. */
    live?: LiveEvent['jenis'];
  }
}

const idOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/**
 * Opens the live bus (memory on SQLite, LISTEN/NOTIFY on PostgreSQL) and announces every 2xx
 * answer of a route marked `config.live`: which event, participant and examiner, never scores.
 */
export const livePlugin = fp<{ dialect: DialectName; url: string; pgSchema?: string }>(
  async (app: FastifyInstance, { dialect, url, pgSchema }) => {
    // Test apps share one PostgreSQL database in separate schemas; each schema is its own deployment.
    const channel = pgSchema ? `ukt_live_${pgSchema}` : 'ukt_live';
    const bus =
      dialect === 'sqlite'
        ? createMemoryBus()
        : createPostgresBus(url, channel, app.log, appConnectionName(url, pgSchema));
    app.decorate('live', bus);
    app.addHook('onClose', async () => bus.close());

    app.addHook('onResponse', async (request, reply) => {
      const jenis = request.routeOptions.config?.live;
      if (!jenis || reply.statusCode >= 300) return;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const idUkt = idOf(body.id_ukt) ?? idOf(params.id_ukt);
      if (!idUkt) return;
      bus.publish({
        jenis,
        id_ukt: idUkt,
        id_siswa: idOf(body.id_siswa) ?? idOf(params.id_siswa),
        id_pemilih: request.examiner ? String(request.examiner.id_pemilih) : null,
        at: new Date(app.clock()).toISOString(),
      });
    });
  },
);
