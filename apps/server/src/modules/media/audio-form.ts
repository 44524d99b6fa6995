import type { MultipartFile } from '@fastify/multipart';
import { AUDIO_MAX_BYTES, AudioFields } from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { validationMessage } from '../../plugins/validation-message';
import { type AudioKind, sniffAudio } from './audio-sniff';

/** A read and checked KSHAN upload: its fields, the recording and what kind of audio it is. */
export interface AudioForm {
  fields: AudioFields;
  audio: Buffer;
  kind: AudioKind;
}

async function readParts(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; audio?: Buffer }> {
  const fields: Record<string, string> = {};
  let audio: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 10, fieldSize: 200, parts: 11 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'audio') {
        await (part as MultipartFile).toBuffer();
        throw badRequest(
          `Data tidak valid: rekaman harus dikirim di kolom audio, bukan ${part.fieldname.slice(0, 40)}`,
        );
      }
      audio = await part.toBuffer();
    }
  } catch (error) {
    // Limits (413) and our own refusals pass on; anything else is a form the parser could not read.
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw badRequest('Formulir multipart tidak dapat dibaca. Kirim ulang rekaman.');
  }
  return { fields, audio };
}

/**
 * Reads the multipart upload of POST /keshan/upload-audio (audio, id_siswa, id_soal, id_ukt) and
 * checks it: fields by core's AudioFields, the recording by its content (DESIGN §4).
 */
export async function readAudioForm(request: FastifyRequest): Promise<AudioForm> {
  if (!request.isMultipart())
    throw badRequest('Kirim rekaman sebagai multipart/form-data dengan kolom audio.');
  const { fields, audio } = await readParts(request);
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
  if (!audio?.length) throw badRequest('Data tidak valid: Rekaman suara wajib diisi');
  const kind = sniffAudio(audio);
  if (!kind) {
    throw badRequest('Data tidak valid: Rekaman suara tidak dikenali (webm, ogg, mp4/m4a, wav, mp3)');
  }
  return { fields: parsed.data, audio, kind };
}
