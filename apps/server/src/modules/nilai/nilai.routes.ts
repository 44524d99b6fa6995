import { API, apiResult, FisikBody, NilaiBody, NilaiQuery, NilaiRecord } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { getNilai, groupOfBody, valuesOfBody, valuesOfFisik, writeNilai } from './nilai.service';

const WRITE_ERRORS = { ...AUTH_ERRORS, 409: ErrorResult, 422: ErrorResult } as const;

/** The score record calls of SPEC §7 (DESIGN §4). */
export const nilaiRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.clock()).toISOString();

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

  app.post(
    API.nilai.route,
    {
      config: { live: 'nilai' },
      schema: {
        tags: ['nilai'],
        summary: 'Simpan satu kelompok nilai',
        body: NilaiBody,
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_siswa, id_ukt, id_tingkat } = request.body;
      const key = { id_siswa, id_ukt, id_tingkat };
      await writeNilai(
        app.db,
        app.writer,
        pengujiOf(request),
        key,
        groupOfBody(request.body),
        valuesOfBody(request.body),
        now(),
      );
      return { success: true, message: 'Nilai berhasil disimpan' };
    },
  );

  app.post(
    API.nilaiFisik.route,
    {
      config: { live: 'nilai' },
      schema: {
        tags: ['nilai'],
        summary: 'Simpan nilai ujian fisik (nilai konversi diperiksa ulang di server)',
        body: FisikBody,
        response: { 200: MessageResult, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id_siswa, id_ukt, id_tingkat } = request.body;
      await writeNilai(
        app.db,
        app.writer,
        pengujiOf(request),
        { id_siswa, id_ukt, id_tingkat },
        'fisik',
        valuesOfFisik(request.body),
        now(),
      );
      return { success: true, message: 'Data berhasil disimpan' };
    },
  );
};
