import { API, apiResult, HapusDemoHasil, HapusDemoInput, MulaiStatus } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../lib/schemas';
import { pengujiOf } from '../plugins/context';
import { hapusDemo, mulaiStatus } from './hapus-demo.service';

/** The console's first steps and its "Hapus data demo" (docs/decisions/154). */
export const demoPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.mulai.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Data demo yang masih ada, dan kegiatan, penguji dan peserta milik organisasi sendiri',
        response: { 200: apiResult(MulaiStatus), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { id_organisasi, id_pemilih } = pengujiOf(request);
      return { success: true, data: await mulaiStatus(app.db, id_organisasi, id_pemilih) };
    },
  );

  app.post(
    API.panitia.demoHapus.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Hapus data demo (ditolak bila sudah ada nilai sungguhan), dengan nama organisasi dan admin sendiri',
        body: HapusDemoInput,
        response: { 200: apiResult(HapusDemoHasil), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const penguji = pengujiOf(request);
      const nama = request.body.nama_organisasi.trim();
      const result = await hapusDemo(
        { writer: app.writer, idOrganisasi: penguji.id_organisasi, now: new Date(app.clock()).toISOString() },
        { nama: nama || undefined, admin: request.body.admin.filter((n) => n.trim()) },
      );
      // A demo examiner's own session went with the demo: their next call is a 401.
      const keluar = result.dihapus && !result.admin.includes(penguji.no_wa);
      return {
        success: true,
        message: result.dihapus
          ? `Data demo dihapus: ${result.kegiatan} kegiatan, ${result.peserta} peserta dan ${result.penguji} penguji. Organisasi kini "${result.nama_organisasi}".`
          : 'Tidak ada data demo lagi: tidak ada yang dihapus.',
        data: { ...result, keluar },
      };
    },
  );
};
