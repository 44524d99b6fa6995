import { basename } from 'node:path';
import { API, apiResult, Cadangan, CadanganInput, CadanganList, CadanganParams } from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameDiskWarning } from '../../config/backup-dir';
import { attachment } from '../../lib/content-disposition';
import { badRequest, notFound } from '../../lib/errors';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { createBackup, isBackupName } from './backup.service';
import { listDownloadable, openBackup } from './backup-download';
import { scheduledFailure } from './backup-schedule';
import { serverBackupSource } from './backup-source';

// The console page "Cadangan" (DESIGN §14, docs/decisions/099): the backup folder's archives, one
// made now, one downloaded. An archive holds secret.key and every score, so each make and download
// is logged with the committee member who asked. The list and the download agree: both show only
// what openBackup hands out, a regular file this app wrote as a backup.

const Archive = z.any().describe('arsip cadangan (.tar.gz, atau .tar.gz.aes bila berkata sandi)');

/** Who asked, for the log. */
const who = (request: FastifyRequest) => {
  const { id_pemilih, nama } = pengujiOf(request);
  return { id_pemilih, nama };
};

/** GET, POST /panitia/cadangan and GET /panitia/cadangan/{name}, for committee admins. */
export const backupPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backup } = app.config;
  const source = serverBackupSource(app);

  app.get(
    API.panitia.cadangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Daftar cadangan (terbaru dulu), folder cadangan, jadwal cadangan otomatis dan cadangan terjadwal yang gagal',
        response: { 200: apiResult(CadanganList), ...AUTH_ERRORS },
      },
    },
    async () => {
      const cadangan = await listDownloadable(backup.dir);
      return {
        success: true,
        data: {
          folder: backup.dir,
          jadwal_menit: backup.intervalMinutes ?? null,
          jadwal_disimpan: backup.keep,
          jadwal_gagal: await scheduledFailure(app, cadangan),
          satu_disk: sameDiskWarning(backup.dir, app.config.dataDir),
          cadangan,
        },
      };
    },
  );

  app.post(
    API.panitia.cadangan.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Buat cadangan sekarang, dengan kata sandi bila diisi; 409 bila cadangan lain sedang dibuat, 507 bila folder cadangan penuh atau tidak dapat ditulisi',
        body: CadanganInput,
        response: { 200: apiResult(Cadangan), ...AUTH_ERRORS, 409: ErrorResult, 507: ErrorResult },
      },
    },
    async (request) => {
      const { file, note } = await createBackup(source, {
        reason: 'manual',
        passphrase: request.body.passphrase,
      });
      const name = basename(file);
      request.log.info({ panitia: who(request), cadangan: name }, 'Cadangan dibuat dari konsol panitia');
      // The list's own reading of the new file, so the answer matches the row the page will show.
      const entry = (await listDownloadable(backup.dir)).find((b) => b.name === name);
      if (!entry) throw new Error(`cadangan ${name} tidak ada di ${backup.dir} setelah dibuat`);
      // A Caddy CA that could not go with it (docs/decisions/132): the committee reads why.
      if (note) request.log.warn(note);
      return { success: true, message: note ? `Cadangan dibuat. ${note}` : 'Cadangan dibuat.', data: entry };
    },
  );

  app.get(
    API.panitia.cadanganByName.route,
    {
      // Already gzip (or sealed, which does not compress): compressing again only costs CPU.
      compress: false,
      schema: {
        tags: ['panitia'],
        summary: 'Unduh satu arsip cadangan; hanya nama yang ada di daftar, selain itu 404',
        params: CadanganParams,
        response: { 200: Archive, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // Only a backup's own file name, never a path: '../secret.key' or '/etc/passwd' stop here.
      if (!isBackupName(name)) throw badRequest('Nama cadangan tidak valid.');
      // Absent, a link, a folder, a stray file: one answer, so none of them can be told apart.
      const opened = await openBackup(backup.dir, name);
      if (!opened) throw notFound('Cadangan tidak ditemukan. Muat ulang daftar cadangan.');
      request.log.info({ panitia: who(request), cadangan: name }, 'Cadangan diunduh dari konsol panitia');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(name))
        .header('content-length', opened.bytes)
        .send(opened.handle.createReadStream({ start: 0 }));
    },
  );
};
