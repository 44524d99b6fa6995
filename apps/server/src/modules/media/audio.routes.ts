import { createReadStream } from 'node:fs';
import type { MultipartFile } from '@fastify/multipart';
import { AUDIO_MAX_BYTES, AudioFields, Id } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { examinerOf } from '../../plugins/auth';
import { validationMessage } from '../../plugins/validation-message';
import { assertNotHeldByOther, siswaForExaminer } from '../siswa/siswa.service';
import { findAudio, saveAudio } from './audio.store';
import { AUDIO_MIME, sniffAudio } from './audio-sniff';

const AudioParams = z.object({ id_ukt: Id, id_siswa: Id, id_soal: AudioFields.shape.id_soal });

/** KSHAN recordings: upload (multipart, checked by content) and fetch back (DESIGN §4). */
export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/keshan/upload-audio',
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
      if (!request.isMultipart())
        throw badRequest('Kirim rekaman sebagai multipart/form-data dengan kolom audio.');
      const fields: Record<string, string> = {};
      let audio: Buffer | undefined;
      const parts = request.parts({
        limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 10, fieldSize: 200, parts: 11 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'audio') {
            await (part as MultipartFile).toBuffer();
            throw badRequest(
              `Data tidak valid (body): kolom berkas harus bernama audio, bukan ${part.fieldname.slice(0, 40)}`,
            );
          }
          audio = await part.toBuffer();
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      const parsed = AudioFields.safeParse(fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          ...i,
          instancePath: `/${i.path.join('/')}`,
          keyword: i.code,
          params: i,
        }));
        throw badRequest(validationMessage(issues as never, 'body', fields));
      }
      if (!audio?.length) throw badRequest('Data tidak valid (body): audio wajib diisi');
      const kind = sniffAudio(audio);
      if (!kind)
        throw badRequest(
          'Data tidak valid (body): audio bukan rekaman suara yang dikenali (webm, ogg, mp4/m4a, wav, mp3)',
        );
      const examiner = examinerOf(request);
      const siswa = await siswaForExaminer(app.db, examiner, parsed.data.id_siswa, parsed.data.id_ukt);
      await assertNotHeldByOther(app.db, examiner, siswa, 'sudah_keshan');
      await saveAudio(app.config.dataDir, parsed.data, kind, audio);
      return { success: true, message: 'Audio uploaded successfully!' };
    },
  );

  app.get(
    '/keshan/audio/:id_ukt/:id_siswa/:id_soal',
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
      await siswaForExaminer(app.db, examinerOf(request), request.params.id_siswa, request.params.id_ukt);
      const found = await findAudio(app.config.dataDir, request.params);
      if (!found) throw notFound('Rekaman belum ada.');
      return reply
        .type(AUDIO_MIME[found.ext])
        .header('cache-control', 'private, no-store')
        .send(createReadStream(found.path));
    },
  );
};
