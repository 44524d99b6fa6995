import {
  API,
  apiResult,
  PanitiaPenguji,
  PanitiaPengujiList,
  PanitiaPengujiQuery,
  PengujiInput,
  PengujiParams,
  TugasBody,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { createPenguji, editPenguji, listPanitiaPenguji, setTugas } from './penguji-panitia.service';

const One = apiResult(PanitiaPenguji);

/** The console's examiners: search, add, edit, assign (DESIGN §9; access and login links: auth). */
export const pengujiPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.penguji.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Cari penguji (nama atau nomor; 20 per halaman) dengan aktivitas terakhir',
        querystring: PanitiaPengujiQuery,
        response: { 200: PanitiaPengujiList, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listPanitiaPenguji(app.db, pengujiOf(request).id_organisasi, request.query)),
    }),
  );

  app.post(
    API.panitia.penguji.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Tambah penguji',
        body: PengujiInput,
        response: { 200: One, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      message: 'Penguji berhasil ditambahkan.',
      data: await createPenguji(
        app.db,
        app.writer,
        pengujiOf(request).id_organisasi,
        request.body,
        new Date(app.clock()).toISOString(),
      ),
    }),
  );

  app.put(
    API.panitia.pengujiById.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah penguji',
        params: PengujiParams,
        body: PengujiInput,
        response: { 200: One, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      message: 'Data penguji berhasil diubah.',
      data: await editPenguji(
        app.db,
        app.writer,
        pengujiOf(request),
        request.params.id_pemilih,
        request.body,
      ),
    }),
  );

  app.put(
    API.panitia.pengujiTugas.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Tugaskan penguji ke kegiatan (dan pos); daftar kosong: semua kegiatan',
        params: PengujiParams,
        body: TugasBody,
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const data = await setTugas(
        app.db,
        app.writer,
        pengujiOf(request).id_organisasi,
        request.params.id_pemilih,
        request.body,
      );
      return {
        success: true,
        message: data.tugas.length
          ? `Tugas ${data.nama} disimpan: ${data.tugas.length} kegiatan.`
          : `${data.nama} tidak ditugaskan khusus: ia melihat semua kegiatan.`,
        data,
      };
    },
  );
};
