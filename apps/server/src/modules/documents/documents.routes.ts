import { API, KartuLoginQuery, KartuPesertaQuery, KegiatanParams } from '@ukt/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import {
  beritaAcara,
  type DocumentDeps,
  type DocumentFile,
  kartuLogin,
  kartuPeserta,
  piagam,
} from './documents.service';

// The console's documents (DESIGN §9, §11): PDFs of participant cards, examiner login cards,
// piagam and berita acara, for committee admins (the /panitia guard sits in front).

const PdfFile = z.any().describe('berkas PDF');
const ERRORS = { ...AUTH_ERRORS, 409: ErrorResult };

function depsOf(app: FastifyInstance, request: FastifyRequest): DocumentDeps {
  return {
    db: app.db,
    writer: app.writer,
    secret: app.secret,
    orgId: pengujiOf(request).id_organisasi,
    publicUrl: app.config.publicUrl,
    media: app.media,
    now: new Date(app.clock()),
    zona: app.config.zonaWaktu,
  };
}

const sendPdf = (reply: FastifyReply, file: DocumentFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.bytes);

/** Every document route of the console. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.kartuPeserta.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'PDF kartu peserta (8 per halaman A4), satu kegiatan atau satu rantingnya',
        params: KegiatanParams,
        querystring: KartuPesertaQuery,
        response: { 200: PdfFile, ...ERRORS },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await kartuPeserta(depsOf(app, request), request.params.id_ukt, request.query.id_ranting),
      ),
  );

  app.get(
    API.panitia.kartuLogin.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'PDF kartu login penguji aktif (semua, hasil cari, atau yang ditugaskan ke satu kegiatan): QR tautan login sekali pakai 24 jam, kartu lama yang masih berlaku dipakai lagi',
        querystring: KartuLoginQuery,
        response: { 200: PdfFile, ...ERRORS },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await kartuLogin(depsOf(app, request), request.query.cari, request.query.id_ukt)),
  );

  app.get(
    API.panitia.piagam.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'PDF piagam peserta Lulus; DRAF tanpa nomor dan QR sampai kegiatan disahkan',
        params: KegiatanParams,
        response: { 200: PdfFile, ...ERRORS },
      },
    },
    async (request, reply) => sendPdf(reply, await piagam(depsOf(app, request), request.params.id_ukt)),
  );

  app.get(
    API.panitia.beritaAcara.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'PDF berita acara kegiatan: jumlah per status, daftar hasil, tanda tangan; DRAF sampai disahkan',
        params: KegiatanParams,
        response: { 200: PdfFile, ...ERRORS },
      },
    },
    async (request, reply) => sendPdf(reply, await beritaAcara(depsOf(app, request), request.params.id_ukt)),
  );
};
