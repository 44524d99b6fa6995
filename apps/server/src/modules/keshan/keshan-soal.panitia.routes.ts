import {
  API,
  apiResult,
  PanitiaSoal,
  SoalEditHasil,
  SoalEditParams,
  SoalInput,
  SoalTingkatParams,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { editSoal, listSoalPanitia } from './keshan-soal.service';

/** The console's Soal KESHAN page (DESIGN §9): a belt's questions with keys, and editing one. */
export const soalPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.soal.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Soal KESHAN satu tingkat, dengan kunci jawaban',
        params: SoalTingkatParams,
        response: { 200: apiResult(z.array(PanitiaSoal)), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await listSoalPanitia(app.db, pengujiOf(request).id_organisasi, request.params.tingkat),
    }),
  );

  app.put(
    API.panitia.soalById.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah soal KESHAN; kunci yang berubah menilai ulang lembar jawaban tersimpan',
        params: SoalEditParams,
        body: SoalInput,
        response: { 200: apiResult(SoalEditHasil), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { tingkat, id_soal } = request.params;
      const hasil = await editSoal(
        app.writer,
        pengujiOf(request),
        tingkat,
        id_soal,
        request.body,
        new Date(app.clock()).toISOString(),
      );
      const { disahkan, ...data } = hasil;
      const changed = data.dinilai_ulang
        ? ` ${data.dinilai_ulang} nilai KESHAN berubah karena kunci jawaban diubah.`
        : '';
      const kept = disahkan
        ? ` ${disahkan} kegiatan yang sudah disahkan tidak dinilai ulang; batalkan pengesahannya bila nilainya harus ikut berubah.`
        : '';
      return { success: true, message: `Soal disimpan.${changed}${kept}`, data };
    },
  );
};
