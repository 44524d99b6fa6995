import {
  API,
  AuditList,
  AuditQuery,
  apiResult,
  KegiatanParams,
  KoreksiBody,
  KoreksiHasil,
  komponenLabel,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { listAuditLog } from '../audit/audit.service';
import { koreksiNilai } from './koreksi.service';

const shown = (n: number | null) => (n === null ? '–' : String(n));

/** Corrections by the committee and the audit log they land in (DESIGN §10). */
export const koreksiPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.panitia.koreksi.route,
    {
      config: { live: 'koreksi' },
      schema: {
        tags: ['panitia'],
        summary: 'Koreksi satu nilai peserta oleh panitia (alasan wajib; tercatat di audit)',
        params: KegiatanParams,
        body: KoreksiBody,
        response: { 200: apiResult(KoreksiHasil), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const data = await koreksiNilai(
        app.db,
        app.writer,
        pengujiOf(request),
        request.params.id_ukt,
        request.body,
        new Date(app.clock()).toISOString(),
      );
      const label = komponenLabel(data.komponen);
      const message = data.berubah
        ? `Nilai ${label} diubah dari ${shown(data.lama)} menjadi ${shown(data.baru)}.`
        : `Nilai ${label} memang sudah ${shown(data.baru)}; tidak ada yang diubah.`;
      return { success: true, message, data };
    },
  );

  app.get(
    API.panitia.audit.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Log audit perubahan nilai (50 per halaman, terbaru dulu), dengan filter',
        querystring: AuditQuery,
        response: { 200: AuditList, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listAuditLog(app.db, pengujiOf(request), request.query)),
    }),
  );
};
