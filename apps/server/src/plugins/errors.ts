import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { describeDisks, diskSpace, isDiskFull } from '../lib/disk-space';
import { AppError, serviceUnavailable } from '../lib/errors';
import { validationMessage } from './validation-message';

// Fastify's own client errors, answered in the app's language.
const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Format JSON tidak valid. Periksa data yang dikirim.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Data kosong. Kirim data dalam format JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Data terlalu besar.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Jenis konten tidak didukung. Kirim data dalam format JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Panjang data tidak sesuai.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Berkas terlalu besar. Rekaman paling besar 10 MB.'],
  FST_PARTS_LIMIT: [413, 'Terlalu banyak bagian dalam formulir.'],
  FST_FILES_LIMIT: [413, 'Terlalu banyak berkas. Kirim satu rekaman.'],
  FST_FIELDS_LIMIT: [413, 'Terlalu banyak kolom dalam formulir.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Kirim rekaman sebagai multipart/form-data.'],
  FST_ERR_VALIDATION: [400, 'Data tidak valid.'],
};

/** While the database is away every request fails alike: one warning per this many ms is enough. */
const OUTAGE_WARN_EVERY_MS = 10_000;

function dataOf(request: { body?: unknown; query?: unknown; params?: unknown }, context?: string): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  return request.body;
}

/** The one error path (STYLE §7): typed errors become {success:false, message, data?}; 5xx details are only logged. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  let lastOutageWarning = 0;
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    // A route that failed after naming the file it sends (a download) answers JSON instead: its
    // type and length would make Fastify refuse the body and answer with its own.
    reply
      .removeHeader('content-length')
      .removeHeader('content-disposition')
      .type('application/json; charset=utf-8');
    let error: FastifyError | AppError = caught;
    // The database being away is no fault of the request: 503, and the client retries (DESIGN §4).
    // An AppError has been put in words already (a backup's full disk is not the database's).
    if (!(caught instanceof AppError) && isDatabaseUnavailable(caught)) {
      const details = { code: (caught as { code?: unknown }).code, reason: caught.message };
      if (Date.now() - lastOutageWarning >= OUTAGE_WARN_EVERY_MS) {
        lastOutageWarning = Date.now();
        if (isDiskFull(caught)) {
          const disks = describeDisks(app.config.diskPaths.map(diskSpace));
          request.log.error(
            details,
            `Disk penuh (${disks}): nilai tidak dapat disimpan dan dijawab 503. Kosongkan ruang di disk itu; server menyimpan lagi tanpa dijalankan ulang.`,
          );
        } else request.log.warn(details, 'Database tidak tersedia: permintaan dijawab 503');
      } else request.log.debug(details, 'Database tidak tersedia: permintaan dijawab 503');
      error = serviceUnavailable();
    }
    if (error instanceof AppError) {
      // A failure put in words (a backup's disk): the log keeps what failed underneath.
      if (error.statusCode >= 500 && error.cause !== undefined)
        request.log.error({ err: error.cause }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const body = { success: false, message: error.message };
      return reply
        .code(error.statusCode)
        .send(error.data === undefined ? body : { ...body, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(
        error.validation,
        error.validationContext,
        dataOf(request, error.validationContext),
      );
      return reply.code(400).send({ success: false, message });
    }
    const known = error.code ? KNOWN[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ success: false, message: known[1] });
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ success: false, message: 'Terlalu banyak permintaan. Tunggu sebentar lalu coba lagi.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ success: false, message: 'Permintaan tidak valid.' });
    }
    request.log.error({ err: error }, 'server error');
    return reply
      .code(500)
      .send({ success: false, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' });
  });
});
