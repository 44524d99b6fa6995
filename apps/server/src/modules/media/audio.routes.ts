import { API, AudioFields, Id, postFlagField, postOfGroup } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { assertNotDisahkan } from '../kegiatan/kegiatan-sahkan.service';
import { assertInTugas } from '../kegiatan/penugasan.service';
import { assertNotHeldByOther, assertNotMundur, siswaForPenguji } from '../siswa/siswa.service';
import { findAudio, saveAudio } from './audio.store';
import { readAudioForm } from './audio-form';
import { AUDIO_MIME } from './audio-sniff';

const AudioParams = z.object({ id_ukt: Id, id_siswa: Id, id_soal: AudioFields.shape.id_soal });

/** Recordings belong to the KSHAN exam: its post is where an assigned examiner may make and hear them. */
const KSHAN_POST = postOfGroup('kshan');

/** KSHAN recordings: upload (multipart, checked by content) and fetch back (DESIGN §4). */
export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.keshanUploadAudio.route,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['keshan'],
        summary: 'Unggah rekaman KSHAN (multipart: audio, id_siswa, id_soal, id_ukt; maks 10 MB)',
        consumes: ['multipart/form-data'],
        response: {
          200: MessageResult,
          ...AUTH_ERRORS,
          409: ErrorResult,
          413: ErrorResult,
          415: ErrorResult,
        },
      },
    },
    async (request) => {
      const { fields, audio, kind } = await readAudioForm(request);
      const examiner = pengujiOf(request);
      assertInTugas(examiner, fields.id_ukt, KSHAN_POST);
      const siswa = await siswaForPenguji(app.db, examiner, fields.id_siswa, fields.id_ukt);
      assertNotMundur(siswa);
      await assertNotHeldByOther(app.db, examiner, siswa, postFlagField(KSHAN_POST));
      // A recording is checked before it is stored, not in the score's transaction (the KSHAN
      // score itself goes through NilaiSiswa, which checks in its transaction).
      await assertNotDisahkan(app.db, fields.id_ukt);
      await saveAudio(app.media, fields, kind, audio);
      return { success: true, message: 'Audio uploaded successfully!' };
    },
  );

  app.get(
    API.keshanAudio.route,
    {
      onRequest: app.authenticateMedia,
      schema: {
        tags: ['keshan'],
        summary: 'Putar ulang rekaman KSHAN (token di header atau cookie)',
        params: AudioParams,
        response: { 200: z.any().describe('berkas audio'), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const examiner = pengujiOf(request);
      assertInTugas(examiner, request.params.id_ukt, KSHAN_POST);
      await siswaForPenguji(app.db, examiner, request.params.id_siswa, request.params.id_ukt);
      const found = await findAudio(app.media, request.params);
      if (!found) throw notFound('Rekaman belum ada.');
      // Streamed as before (no Range requests): from the file, or from its row a part at a time.
      return reply
        .type(AUDIO_MIME[found.ext])
        .header('cache-control', 'private, no-store')
        .send(found.stream());
    },
  );
};
