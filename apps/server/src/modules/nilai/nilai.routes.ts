import { API, apiResult, FisikBody, NilaiBody, NilaiQuery, NilaiRecord, type ScoreGroup } from '@ukt/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { replay, sendAnswer } from '../../plugins/idempotency';
import type { NilaiKey, NilaiValues } from './nilai.repository';
import { getNilai, groupOfBody, valuesOfBody, valuesOfFisik, writeNilai } from './nilai.service';

const WRITE_ERRORS = { ...AUTH_ERRORS, 409: ErrorResult, 422: ErrorResult } as const;

/** The score record calls of SPEC §7 (DESIGN §4). */
export const nilaiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.nilai.route,
    {
      schema: {
        tags: ['nilai'],
        summary: 'Rekap nilai peserta pada satu tingkat',
        querystring: NilaiQuery,
        response: { 200: apiResult(NilaiRecord), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ success: true, data: await getNilai(app.db, pengujiOf(request), request.query) }),
  );

  /** Writes a score group and answers it, or the key's kept answer when this is a repeat. */
  const write = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: NilaiKey,
    group: ScoreGroup,
    values: NilaiValues,
    message: string,
  ) => {
    const { id_siswa, id_ukt, id_tingkat } = body;
    const nowMs = app.clock();
    // Serialized before the write: the very bytes sent now are the ones kept for a replay.
    const answer = reply.serialize({ success: true, message }) as string;
    const kept = await writeNilai(app.db, app.writer, {
      examiner: pengujiOf(request),
      key: { id_siswa, id_ukt, id_tingkat },
      group,
      values,
      now: new Date(nowMs).toISOString(),
      nowMs,
      answer,
      idempotency: request.idempotency,
    });
    if (kept) return replay(reply, kept.status, kept.response);
    return sendAnswer(reply, 200, answer);
  };

  app.post(
    API.nilai.route,
    {
      config: { live: 'nilai', idempotency: 'inline' },
      schema: {
        tags: ['nilai'],
        summary: 'Simpan satu kelompok nilai',
        body: NilaiBody,
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      write(
        request,
        reply,
        request.body,
        groupOfBody(request.body),
        valuesOfBody(request.body),
        'Nilai berhasil disimpan',
      ),
  );

  app.post(
    API.nilaiFisik.route,
    {
      config: { live: 'nilai', idempotency: 'inline' },
      schema: {
        tags: ['nilai'],
        summary: 'Simpan nilai ujian fisik (nilai konversi diperiksa ulang di server)',
        body: FisikBody,
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      write(request, reply, request.body, 'fisik', valuesOfFisik(request.body), 'Data berhasil disimpan'),
  );
};
