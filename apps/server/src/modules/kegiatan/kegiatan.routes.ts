import { API, apiResult, Kegiatan } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { listKegiatan } from './kegiatan.repository';

/**
 * GET /DataSiswa/UKT: the organisation's events that are not archived, newest first (DESIGN §4);
 * for an examiner with an assignment only the events they are assigned to, with their posts
 * (docs/decisions/109), as the session read them: the same the other examiner calls are held to
 * (docs/decisions/125).
 */
export const kegiatanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.kegiatan.route,
    {
      schema: {
        tags: ['kegiatan'],
        summary: 'Daftar kegiatan UKT',
        response: { 200: apiResult(z.array(Kegiatan)), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      // Archived events leave the examiners' list; the console still sees them (DESIGN §9).
      const penguji = pengujiOf(request);
      const rows = await listKegiatan(app.db, penguji.id_organisasi, { arsip: false });
      // No assignment at all: every event and every post, as before assignments existed.
      const tugas = penguji.tugas && new Map(penguji.tugas.map((t) => [t.id_ukt, [...t.pos]]));
      return {
        success: true,
        data: rows
          .filter((r) => tugas === null || tugas.has(r.id_ukt))
          .map((r) => ({
            id_ukt: String(r.id_ukt),
            nama_ukt: r.nama_ukt,
            nama_kegiatan: r.nama_kegiatan,
            tanggal_tes: r.tanggal_tes,
            akhir_tes: r.akhir_tes,
            id_tingkat: String(r.id_tingkat),
            pos: tugas?.get(r.id_ukt) ?? [],
          })),
      };
    },
  );
};
