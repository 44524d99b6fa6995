import { API, apiResult, BatalSahkanBody, KegiatanParams, SahkanBody, SahkanRingkasan } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { batalSahkanKegiatan, sahkanKegiatan, sahkanRingkasan } from './sahkan.service';

const WRITE_ERRORS = { ...AUTH_ERRORS, 409: ErrorResult } as const;

/** Ratifying an event's scores and taking it back (DESIGN §10). */
export const sahkanPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.clock()).toISOString();

  app.get(
    API.panitia.sahkan.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Ringkasan sebelum mengesahkan: peserta belum lengkap, nilai tertunda di HP, dan apakah hari ujian belum lewat',
        params: KegiatanParams,
        response: { 200: apiResult(SahkanRingkasan), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await sahkanRingkasan(
        app.db,
        pengujiOf(request),
        request.params.id_ukt,
        now(),
        app.config.zonaWaktu,
      ),
    }),
  );

  app.post(
    API.panitia.sahkan.route,
    {
      config: { live: 'sahkan' },
      schema: {
        tags: ['panitia'],
        summary:
          'Sahkan nilai kegiatan: sesudahnya setiap penyimpanan nilai ditolak (409). Sebelum hari ujian terakhir hanya dengan lebih_awal dan alasan',
        params: KegiatanParams,
        body: SahkanBody.nullish(),
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await sahkanKegiatan(
        app.db,
        app.writer,
        pengujiOf(request),
        request.params.id_ukt,
        request.body ?? {},
        now(),
        app.config.zonaWaktu,
      );
      return {
        success: true,
        message: 'Nilai kegiatan disahkan. HP penguji tidak dapat lagi menyimpan atau mengubah nilai.',
      };
    },
  );

  app.post(
    API.panitia.batalSahkan.route,
    {
      config: { live: 'sahkan' },
      schema: {
        tags: ['panitia'],
        summary: 'Batalkan pengesahan (alasan wajib; tercatat di audit)',
        params: KegiatanParams,
        body: BatalSahkanBody,
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_ukt } = request.params;
      await batalSahkanKegiatan(app.db, app.writer, pengujiOf(request), id_ukt, request.body.alasan, now());
      return { success: true, message: 'Pengesahan dibatalkan. Nilai dapat disimpan dan dikoreksi lagi.' };
    },
  );
};
