import { GAMBAR_MAX_BYTES } from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { type ImageKind, sniffImage } from '../media/image-sniff';

/** A read and checked image upload. */
export interface GambarForm {
  data: Buffer;
  kind: ImageKind;
}

const MAX_MB = GAMBAR_MAX_BYTES / (1024 * 1024);

/** Multipart limits, answered in this upload's words rather than the recordings' (plugins/errors.ts). */
const LIMITS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `Gambar terlalu besar. Paling besar ${MAX_MB} MB: perkecil gambarnya lalu unggah lagi.`,
  FST_FILES_LIMIT: 'Kirim satu gambar saja.',
  FST_PARTS_LIMIT: 'Terlalu banyak bagian dalam formulir. Kirim satu gambar saja.',
  FST_FIELDS_LIMIT: 'Terlalu banyak kolom dalam formulir. Kirim satu gambar saja.',
};

/**
 * Reads the multipart upload of POST /panitia/organisasi/gambar/{slot}: one file (field name
 * `gambar` by convention; any name is taken), at most GAMBAR_MAX_BYTES (413), recognised as PNG,
 * JPEG or WebP by its content, never by its name or declared type (400 otherwise).
 */
export async function readGambarForm(request: FastifyRequest): Promise<GambarForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Kirim gambar sebagai multipart/form-data dengan satu berkas (kolom gambar).');
  }
  let data: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: GAMBAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'file') data = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const limit = typeof code === 'string' ? LIMITS[code] : undefined;
    if (limit) throw new AppError(413, limit);
    if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw badRequest('Formulir multipart tidak dapat dibaca. Unggah ulang gambarnya.');
  }
  if (!data?.length)
    throw badRequest('Data tidak valid: Gambar wajib diisi (satu berkas PNG, JPEG atau WebP)');
  const kind = sniffImage(data);
  if (!kind) throw badRequest('Data tidak valid: berkas ini bukan gambar PNG, JPEG atau WebP');
  return { data, kind };
}
