import {
  API,
  ArsipBody,
  apiResult,
  KegiatanInput,
  KegiatanParams,
  PanitiaKegiatan,
  PanitiaKegiatanQuery,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import {
  createKegiatan,
  editKegiatan,
  listPanitiaKegiatan,
  setKegiatanArsip,
} from './kegiatan-panitia.service';

const One = apiResult(PanitiaKegiatan);

/** The console's events: list with counts, create, edit, archive (DESIGN §9). */
export const kegiatanPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.kegiatan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Kegiatan dengan jumlah peserta, penguji dan peserta yang sudah dinilai',
        querystring: PanitiaKegiatanQuery,
        response: { 200: apiResult(z.array(PanitiaKegiatan)), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      data: await listPanitiaKegiatan(app.db, pengujiOf(request).id_organisasi, request.query.arsip),
    }),
  );

  app.post(
    API.panitia.kegiatan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Buat kegiatan (id_ukt diberikan server)',
        body: KegiatanInput,
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true,
      message: 'Kegiatan berhasil dibuat.',
      data: await createKegiatan(app.db, app.writer, pengujiOf(request).id_organisasi, request.body),
    }),
  );

  app.put(
    API.panitia.kegiatanById.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Ubah kegiatan',
        params: KegiatanParams,
        body: KegiatanInput,
        response: { 200: One, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      message: 'Kegiatan berhasil diubah.',
      data: await editKegiatan(
        app.db,
        app.writer,
        pengujiOf(request).id_organisasi,
        request.params.id_ukt,
        request.body,
      ),
    }),
  );

  app.post(
    API.panitia.kegiatanArsip.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Arsipkan kegiatan (hilang dari daftar penguji, data tetap) atau kembalikan',
        params: KegiatanParams,
        body: ArsipBody,
        response: { 200: One, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { arsip } = request.body;
      return {
        success: true,
        message: arsip
          ? 'Kegiatan diarsipkan: tidak tampil lagi di daftar kegiatan penguji.'
          : 'Kegiatan dikembalikan ke daftar kegiatan penguji.',
        data: await setKegiatanArsip(
          app.db,
          app.writer,
          pengujiOf(request).id_organisasi,
          request.params.id_ukt,
          arsip,
        ),
      };
    },
  );
};
