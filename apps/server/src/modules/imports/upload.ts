import {
  IMPOR_KEPUTUSAN_FIELD,
  IMPOR_KONFIRMASI_DINILAI_FIELD,
  IMPOR_MAX_BYTES,
  ImporKeputusan,
} from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { type TableSource, tableFormatOf } from './read-table';

// The console's import upload (DESIGN §9): one .csv or .xlsx part of a multipart form, at most
// IMPOR_MAX_BYTES, checked by its content as well as its name.

const MEGABYTES = Math.round(IMPOR_MAX_BYTES / (1024 * 1024));
/** Room for the multipart framing around the file. */
const FORM_OVERHEAD = 64 * 1024;

const tooLarge = () =>
  new AppError(
    413,
    `Berkas terlalu besar: paling besar ${MEGABYTES} MB. Bagi datanya menjadi beberapa berkas lalu impor satu per satu.`,
  );

const notATable = () =>
  new AppError(
    415,
    'Berkas bukan .csv atau .xlsx yang benar. Simpan ulang dari Excel sebagai "Buku Kerja Excel (.xlsx)" atau "CSV UTF-8", lalu unggah lagi.',
  );

/** Whether the bytes can be what the name says: an .xlsx is a ZIP archive, a .csv is text. */
function contentFits(name: string, bytes: Buffer): boolean {
  const format = tableFormatOf(name);
  if (format === 'xlsx') return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
  // A NUL never occurs in CSV text; it does in a ZIP, an old .xls, or a UTF-16 "Unicode text" file.
  return format === 'csv' && !bytes.includes(0);
}

/** The committee's region decisions sent before the file (a JSON field), or none. */
function decisionsOf(fields: Record<string, unknown>): ImporKeputusan {
  const field = fields[IMPOR_KEPUTUSAN_FIELD] as { value?: unknown } | undefined;
  if (typeof field?.value !== 'string' || !field.value) return {};
  let json: unknown;
  try {
    json = JSON.parse(field.value);
  } catch {
    json = undefined;
  }
  const parsed = ImporKeputusan.safeParse(json);
  if (!parsed.success)
    throw badRequest('Keputusan wilayah tidak dapat dibaca. Pratinjau berkasnya lagi, lalu impor.');
  return parsed.data;
}

/** How many changes to scored participants the committee confirmed (a field before the file): 0 when none. */
function confirmedOf(fields: Record<string, unknown>): number {
  const field = fields[IMPOR_KONFIRMASI_DINILAI_FIELD] as { value?: unknown } | undefined;
  const value = typeof field?.value === 'string' ? field.value.trim() : '';
  return /^\d{1,7}$/.test(value) ? Number(value) : 0;
}

/**
 * Reads the one file of an import upload, refusing while it streams anything over IMPOR_MAX_BYTES
 * (413), and checks it: a .csv or .xlsx name (415) whose content is what the name says (415).
 * The committee's region decisions and its confirmation of changes to scored participants come
 * as form fields before the file.
 */
export async function readImportUpload(
  request: FastifyRequest,
): Promise<TableSource & { decisions: ImporKeputusan; scoredConfirmed: number }> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      'Kirim berkas impor sebagai multipart/form-data dengan satu berkas .csv atau .xlsx.',
    );
  // A declared size already over the limit is refused before a byte is read.
  if (Number(request.headers['content-length']) > IMPOR_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
  let name: string;
  let bytes: Buffer;
  let decisions: ImporKeputusan;
  let scoredConfirmed: number;
  try {
    const part = await request.file({
      limits: { fileSize: IMPOR_MAX_BYTES, files: 1, fields: 10, fieldSize: 256 * 1024, parts: 11 },
    });
    if (!part) throw badRequest('Pilih berkas .csv atau .xlsx untuk diimpor.');
    decisions = decisionsOf(part.fields);
    scoredConfirmed = confirmedOf(part.fields);
    name = part.filename.split(/[\\/]/).pop()?.slice(0, 120) || 'berkas';
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, 'Kirim satu berkas .csv atau .xlsx saja dalam satu formulir.');
    if (code?.startsWith('FST_')) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw badRequest('Formulir multipart tidak dapat dibaca. Unggah ulang berkasnya.');
  }
  if (!tableFormatOf(name))
    throw new AppError(
      415,
      `${name}: berkas harus berakhiran .csv atau .xlsx. Simpan ulang dari Excel, lalu unggah lagi.`,
    );
  if (!bytes.length)
    throw badRequest(`${name}: berkas kosong. Isi baris judul dan datanya, lalu unggah lagi.`);
  if (!contentFits(name, bytes)) throw notATable();
  return { name, read: async () => bytes, decisions, scoredConfirmed };
}
