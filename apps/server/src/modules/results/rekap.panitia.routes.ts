import {
  API,
  AturanLulus,
  apiResult,
  EksporQuery,
  KegiatanParams,
  PassRuleSchema,
  RekapQuery,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { sendJson } from '../../lib/send-json';
import { pengujiOf } from '../../plugins/context';
import { getAturan, putAturan } from './aturan.service';
import { BuildCache } from './build-cache';
import { RekapResult, rekapJson } from './rekap.service';
import { exportResults, RESULTS_CONTENT_TYPE, resultsFileName } from './results.service';

// The console's results of an event (DESIGN §10, docs/decisions/040): its pass rule (versioned),
// the recap with filters, sorting and totals, and the recap's exports.

/** Recaps kept per process: an event's few filter combinations that admins look at. */
const CACHED_RECAPS = 32;

/** Every route of the pass rule, the recap and its exports. */
export const rekapPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const recaps = new BuildCache(app.dataChanges, CACHED_RECAPS);

  app.get(
    API.panitia.aturan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Aturan kelulusan kegiatan yang berlaku (versi 0: bawaan tingkatnya)',
        params: KegiatanParams,
        response: { 200: apiResult(AturanLulus), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await getAturan(app.db, pengujiOf(request).id_organisasi, request.params.id_ukt),
    }),
  );

  app.put(
    API.panitia.aturan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Simpan aturan kelulusan sebagai versi baru; rekap langsung mengikutinya',
        params: KegiatanParams,
        body: PassRuleSchema,
        response: { 200: apiResult(AturanLulus), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const data = await putAturan(
        app.writer,
        pengujiOf(request),
        request.params.id_ukt,
        request.body,
        new Date(app.clock()).toISOString(),
      );
      return { success: true, message: `Aturan kelulusan versi ${data.versi} disimpan.`, data };
    },
  );

  app.get(
    API.panitia.rekap.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Rekap nilai per peserta (yang mundur: status Mundur): nilai akhir, predikat, alasan',
        params: KegiatanParams,
        querystring: RekapQuery,
        response: { 200: RekapResult, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      // Validated against RekapResult when it was built; sent as it is.
      const json = await rekapJson(
        app.db,
        recaps,
        pengujiOf(request).id_organisasi,
        request.params.id_ukt,
        request.query,
      );
      return sendJson(reply, json);
    },
  );

  app.get(
    API.panitia.rekapEkspor.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Unduh rekap sebagai .xlsx, .csv atau PDF (bertanda DRAF sampai disahkan)',
        params: KegiatanParams,
        querystring: EksporQuery,
        response: { 200: z.any().describe('berkas rekap-<id_ukt>.<format>'), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { id_ukt } = request.params;
      const { format } = request.query;
      const { bytes } = await exportResults(app.db, pengujiOf(request).id_organisasi, id_ukt, format, {
        now: new Date(app.clock()),
        zona: app.config.zonaWaktu,
      });
      return reply
        .type(RESULTS_CONTENT_TYPE[format])
        .header('content-disposition', `attachment; filename="${resultsFileName(id_ukt, format)}"`)
        .send(bytes);
    },
  );
};
