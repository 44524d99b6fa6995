import { API, apiResult, Kegiatan } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { pengujiOf } from '../auth/auth.hooks';
import { listKegiatan } from './kegiatan.repository';

/** GET /DataSiswa/UKT: the organisation's events that are not archived, newest first (DESIGN §4). */
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
      const rows = await listKegiatan(app.db, pengujiOf(request).id_organisasi, { arsip: false });
      return {
        success: true,
        data: rows.map((r) => ({
          id_ukt: String(r.id_ukt),
          nama_ukt: r.nama_ukt,
          nama_kegiatan: r.nama_kegiatan,
          tanggal_tes: r.tanggal_tes,
          akhir_tes: r.akhir_tes,
          id_tingkat: String(r.id_tingkat),
        })),
      };
    },
  );
};
