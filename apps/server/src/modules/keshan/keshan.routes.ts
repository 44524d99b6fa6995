import { API, apiResult, JawabanBody, KeshanResult, Soal, SoalParams } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { replay, sendAnswer } from '../../plugins/idempotency';
import { assertSoalInTugas } from '../kegiatan/penugasan.service';
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
    async (request) => {
      const examiner = pengujiOf(request);
      // Only at post KESHAN of an event of this belt, for an examiner with an assignment (docs/decisions/125).
      assertSoalInTugas(examiner, request.params.id);
      return { success: true, data: await soalForTingkat(app.db, examiner.id_organisasi, request.params.id) };
    },
  );

  app.post(
    API.keshanJawaban.route,
    {
      config: { live: 'nilai', idempotency: 'inline' },
      schema: {
        tags: ['keshan'],
        summary: 'Kirim jawaban KESHAN; server menilai dan menyimpan nilai_kshan',
        body: JawabanBody,
        response: { 200: apiResult(KeshanResult), ...AUTH_ERRORS, 409: ErrorResult, 422: ErrorResult },
      },
    },
    async (request, reply) => {
      const nowMs = app.clock();
      const sent = await gradeAndSave(app.writer, {
        examiner: pengujiOf(request),
        body: request.body,
        now: new Date(nowMs).toISOString(),
        nowMs,
        // The very bytes sent now are the ones kept for a replay.
        answerOf: (grade) =>
          reply.serialize({ success: true, message: 'Nilai berhasil disimpan', data: grade }) as string,
        idempotency: request.idempotency,
      });
      if (sent.replayed) return replay(reply, sent.status, sent.response);
      return sendAnswer(reply, sent.status, sent.response);
    },
  );
};
