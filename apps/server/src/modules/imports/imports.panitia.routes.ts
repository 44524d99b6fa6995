import {
  API,
  apiResult,
  IMPOR_PREVIEW_ERRORS,
  IMPOR_PREVIEW_ROWS,
  type ImporBaris,
  ImporDitolak,
  ImporHasil,
  type ImporJenis,
  type ImporKesalahan,
  ImporParams,
  ImporPratinjau,
  ImporQuery,
  kalimatKolomTetap,
} from '@ukt/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { describeIssue, type ImportIssue, ImportRefused } from './import-issues';
import type { ImportTarget } from './import-target';
import { applyImport, previewImport } from './imports.service';
import type { PlannedRow } from './plan-rows';
import { importTemplate } from './template';
import { readImportUpload } from './upload';

// The console's Impor page (DESIGN §9): a template per kind, a preview that writes nothing, and
// the import itself, all-or-nothing. Preview and import are stateless: the console sends the same
// file twice, and the import checks it again (docs/decisions/037).

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UPLOAD_ERRORS = { ...AUTH_ERRORS, 413: ErrorResult, 415: ErrorResult } as const;
/** How many mistakes the message of a refused import names; `data` holds the rest. */
const MESSAGE_ISSUES = 3;

/** What an import kind of the console is in the import service. */
const KIND_OF: Record<ImporJenis, ImportTarget['kind']> = {
  kegiatan: 'kegiatan',
  penguji: 'penguji',
  peserta: 'siswa',
  soal: 'soal',
};

/** The target of an import: peserta need their event (id_ukt), soal their belt (tingkat). */
function targetOf(jenis: ImporJenis, query: z.output<typeof ImporQuery>): ImportTarget {
  switch (jenis) {
    case 'kegiatan':
    case 'penguji':
      return { kind: jenis };
    case 'peserta':
      if (query.id_ukt === undefined)
        throw badRequest('Alamat tidak valid: ID kegiatan wajib diisi; pilih kegiatan tujuan peserta.');
      return { kind: 'siswa', idUkt: query.id_ukt };
    case 'soal':
      if (query.tingkat === undefined)
        throw badRequest('Alamat tidak valid: Tingkat wajib diisi; pilih tingkat sabuk soal ini.');
      return { kind: 'soal', idTingkat: query.tingkat };
  }
}

/** A mistake as the console shows it; a mistake of the whole file has line 0 and no column. */
const kesalahanOf = (issue: ImportIssue): ImporKesalahan => ({
  baris: issue.line ?? 0,
  kolom: issue.field ?? '',
  pesan: issue.message,
  ...(issue.cells ? { isi: issue.cells } : {}),
});

/** A preview row as the console shows it: its values as stored, and what an update changes. */
const barisOf = (r: PlannedRow): ImporBaris => ({
  baris: r.line,
  status: r.outcome,
  data: Object.fromEntries(
    Object.entries(r.values).map(([k, v]) => [k, (v ?? null) as string | number | null]),
  ),
  perubahan: r.changes.map(({ field, label, lama, baru }) => ({ kolom: field, label, lama, baru })),
  dinilai: r.scored,
});

/** A signal aborted when the client goes away before its answer is sent: reading the file stops. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Every /panitia/impor route. */
export const importsPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.panitia.imporTemplat.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Templat .xlsx satu jenis impor: baris judul dan satu contoh',
        params: ImporParams,
        response: { 200: z.any().describe('berkas .xlsx'), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { jenis } = request.params;
      const bytes = await importTemplate(KIND_OF[jenis]);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', `attachment; filename="templat-${jenis}.xlsx"`)
        .send(bytes);
    },
  );

  app.post(
    API.panitia.imporPratinjau.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Pratinjau impor (multipart, satu berkas .csv/.xlsx): tidak ada yang disimpan',
        consumes: ['multipart/form-data'],
        params: ImporParams,
        querystring: ImporQuery,
        response: { 200: apiResult(ImporPratinjau), ...UPLOAD_ERRORS },
      },
    },
    async (request, reply) => {
      const { jenis } = request.params;
      const target = targetOf(jenis, request.query);
      const source = await readImportUpload(request);
      const preview = await previewImport(
        app.db,
        pengujiOf(request).id_organisasi,
        target,
        source,
        { rows: IMPOR_PREVIEW_ROWS, errors: IMPOR_PREVIEW_ERRORS },
        { signal: clientGone(reply) },
      );
      return {
        success: true,
        data: {
          jenis,
          jumlah_baris: preview.total,
          baru: preview.baru,
          diperbarui: preview.diperbarui,
          tetap: preview.tetap,
          baris: preview.rows.map(barisOf),
          dinilai: preview.scored.map(barisOf),
          jumlah_dinilai: preview.scoredCount,
          kesalahan: preview.errors.map(kesalahanOf),
          jumlah_kesalahan: preview.errorCount,
          catatan: preview.notes,
          kolom_tetap: preview.kept.map(({ kolom, label }) => ({ kolom, label })),
          wilayah: preview.regions,
        },
      };
    },
  );

  app.post(
    API.panitia.impor.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Impor (multipart, satu berkas .csv/.xlsx): semua baris disimpan, atau tidak satu pun; perubahan nama/wilayah peserta yang sudah dinilai perlu yakin_dinilai (409)',
        consumes: ['multipart/form-data'],
        params: ImporParams,
        querystring: ImporQuery,
        response: { 200: apiResult(ImporHasil), ...UPLOAD_ERRORS, 400: ImporDitolak, 409: ErrorResult },
      },
    },
    async (request, reply) => {
      const examiner = pengujiOf(request);
      const target = targetOf(request.params.jenis, request.query);
      const source = await readImportUpload(request);
      try {
        const hasil = await applyImport(
          app.db,
          app.writer,
          examiner.id_organisasi,
          target,
          source,
          new Date(app.clock()).toISOString(),
          examiner.id_pemilih,
          // The console asks for the committee's own confirmation of changes to scored participants.
          { decisions: source.decisions, scoredConfirmed: source.scoredConfirmed, signal: clientGone(reply) },
        );
        const { kept, ...counts } = hasil;
        const message = [
          `Impor selesai: ${hasil.baru} baru, ${hasil.diperbarui} diperbarui, ${hasil.tetap} tidak berubah.`,
          kalimatKolomTetap(kept.map((c) => c.label)),
        ]
          .filter(Boolean)
          .join(' ');
        return { success: true, message, data: counts };
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const { issues } = error;
        const named = issues.slice(0, MESSAGE_ISSUES).map(describeIssue).join('; ');
        const more = issues.length > MESSAGE_ISSUES ? `; dan ${issues.length - MESSAGE_ISSUES} lainnya` : '';
        throw badRequest(
          `Impor dibatalkan, tidak ada yang disimpan. ${issues.length} kesalahan: ${named}${more}. Perbaiki berkasnya lalu impor lagi.`,
          {
            kesalahan: issues.slice(0, IMPOR_PREVIEW_ERRORS).map(kesalahanOf),
            jumlah_kesalahan: issues.length,
          },
        );
      }
    },
  );
};
