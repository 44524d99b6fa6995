import { API, apiResult, JawabanBody, KeshanResult, Soal, SoalParams } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { gradeAndSave, soalForTingkat } from './keshan.service';

/** The KESHAN written test: questions out, answers in, graded on the server (DESIGN §4). */
export const keshanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.keshanSoal.route,
    {
      schema: {
        tags: ['keshan'],
        summary: 'Soal KESHAN satu tingkat (tanpa kunci jawaban)',
        params: SoalParams,
        response: { 200: apiResult(z.array(Soal)), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await soalForTingkat(app.db, pengujiOf(request).id_organisasi, request.params.id),
    }),
  );

  app.post(
    API.keshanJawaban.route,
    {
      config: { live: 'nilai' },
      schema: {
        tags: ['keshan'],
        summary: 'Kirim jawaban KESHAN; server menilai dan menyimpan nilai_kshan',
        body: JawabanBody,
        response: { 200: apiResult(KeshanResult), ...AUTH_ERRORS, 409: ErrorResult, 422: ErrorResult },
      },
    },
    async (request) => {
      const grade = await gradeAndSave(
        app.db,
        app.writer,
        pengujiOf(request),
        request.body,
        new Date(app.clock()).toISOString(),
      );
      return { success: true, message: 'Nilai berhasil disimpan', data: grade };
    },
  );
};
