import {
  AktifBody,
  API,
  apiResult,
  PanitiaPenguji,
  PanitiaPengujiList,
  PanitiaPengujiQuery,
  PengujiInput,
  PengujiParams,
  TautanBody,
  TautanLogin,
  TugasBody,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import {
  createPenguji,
  editPenguji,
  listPanitiaPenguji,
  setPengujiAktif,
  setTugas,
} from './penguji-panitia.service';
import { createTautan } from './penguji-tautan.service';

const One = apiResult(PanitiaPenguji);

/** The console's examiners: search, add, edit, deactivate/reactivate, login links (DESIGN §9). */
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

  app.post(
    API.panitia.pengujiAktif.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Nonaktifkan penguji (semua sesinya dicabut, tidak bisa masuk) atau aktifkan lagi',
        params: PengujiParams,
        body: AktifBody,
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { aktif } = request.body;
      return {
        success: true,
        message: aktif
          ? 'Penguji diaktifkan: ia dapat masuk lagi.'
          : 'Penguji dinonaktifkan: semua sesinya dicabut dan ia tidak dapat masuk.',
        data: await setPengujiAktif(
          app.db,
          app.writer,
          pengujiOf(request),
          request.params.id_pemilih,
          aktif,
          app.clock(),
        ),
      };
    },
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

  app.post(
    API.panitia.pengujiTautan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Buat tautan login sekali pakai (24 jam) dan tautan kirim via WhatsApp',
        params: PengujiParams,
        body: TautanBody,
        response: { 200: apiResult(TautanLogin), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      data: await createTautan(
        {
          writer: app.writer,
          secret: app.secret,
          orgId: pengujiOf(request).id_organisasi,
          publicUrl: app.config.publicUrl,
          now: app.clock(),
        },
        request.params.id_pemilih,
        request.body.sabuk,
      ),
    }),
  );
};
