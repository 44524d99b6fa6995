import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { AppError, badRequest } from '../../lib/errors';
import { gzipStream } from './archive';

// Unpacking an archive for a restore (docs/decisions/124): the archive is a file from anywhere
// (a flashdisk, a download), so nothing in it is trusted until it has been read whole. Only
// regular files under plain relative names, each listed once in the manifest (the first entry),
// are written; every file and folder goes inside the caller's private work folder.

/** The largest manifest.json a restore reads (a checksum per file: far below this). */
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

/** What an archive held: the folder its entries were written to and their names, in order. */
export interface Unpacked {
  dir: string;
  names: string[];
}

/** What a committee reads for an entry that is not a plain file, by its tar type. */
const KINDS: Record<string, string> = {
  symlink: 'tautan simbolik',
  link: 'tautan keras',
  directory: 'folder',
  'character-device': 'perangkat',
  'block-device': 'perangkat',
  fifo: 'pipa (fifo)',
};

/** A name from an archive as it may be shown: quoted, control characters escaped, cut short. */
const shown = (name: string) => JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);

const invalid = (why: string) => badRequest(`Berkas cadangan tidak sah: ${why}.`);

/** A name from an archive as a path under `dir`, or an error for one that could land elsewhere. */
function safePath(dir: string, name: string): string {
  const segments = name.split('/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || segments.includes('..')) {
    throw invalid(`isian ${shown(name)} menunjuk ke luar folder pemulihan`);
  }
  // One spelling per file: no '.', empty or backslashed segment, no NUL.
  if (/[\\\0]/.test(name) || segments.some((s) => s === '' || s === '.')) {
    throw invalid(`nama isian ${shown(name)} tidak wajar`);
  }
  return join(dir, ...segments);
}

/** The names a manifest lists (its checksums' keys), each checked to be a safe name. */
function listedNames(text: string, dir: string): Set<string> {
  let checksums: unknown;
  try {
    checksums = (JSON.parse(text) as { checksums?: unknown }).checksums;
  } catch {
    throw badRequest('Berkas cadangan rusak: manifest tidak dapat dibaca.');
  }
  if (typeof checksums !== 'object' || checksums === null) {
    throw badRequest('Berkas cadangan rusak: manifest tidak memuat daftar isinya.');
  }
  const names = Object.keys(checksums);
  for (const name of names) safePath(dir, name);
  return new Set(names);
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The error a committee reads for an archive that cannot be read, in words, never errno text. */
function unreadable(error: unknown, file: string, work: string, sealed: boolean): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const reason = String(message ?? '');
  if (code === 'ENOENT') return badRequest(`Berkas cadangan ${file} tidak ada: periksa nama dan foldernya.`);
  if (code === 'EACCES' || code === 'EPERM') {
    return badRequest(
      `Berkas cadangan ${file} tidak boleh dibaca oleh pengguna ini (izin ditolak): periksa izin berkasnya, atau jalankan perintah sebagai pemiliknya.`,
    );
  }
  if (code === 'EISDIR') {
    return badRequest(
      `${file} adalah folder, bukan berkas cadangan: sebutkan berkas .tar.gz atau .tar.gz.aes.`,
    );
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return badRequest(
      `Ruang disk habis di folder sementara ${dirname(work)} saat membongkar cadangan: kosongkan ruang di sana, atau atur TMPDIR ke folder di disk yang lebih lega, lalu coba lagi.`,
    );
  }
  if (code === 'EIO') {
    return badRequest(
      `Berkas cadangan ${file} tidak dapat dibaca (kesalahan disk): salin ulang dari tempat lain.`,
    );
  }
  // Unsealed with a wrong key, the bytes are noise: gzip may refuse them before the seal's tag does.
  if (sealed && (/authenticate|decrypt/i.test(reason) || code?.startsWith('Z_'))) {
    return badRequest('Kata sandi cadangan salah, atau berkasnya rusak atau terpotong.');
  }
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(reason)) {
    return badRequest(
      'Berkas cadangan terpotong (tidak lengkap): salin ulang berkasnya dari sumbernya, lalu coba lagi.',
    );
  }
  if (code === 'Z_DATA_ERROR') {
    return badRequest(
      'Berkas ini bukan cadangan UKT Penguji, atau rusak: isinya bukan arsip .tar.gz yang utuh.',
    );
  }
  return badRequest('Berkas cadangan rusak dan tidak dapat dibaca.');
}

/**
 * Unpacks an archive into `work`, a private folder the caller made and removes: the whole stream
 * is unsealed and unzipped into a work file first, so the seal's tag and gzip's CRC (both at the
 * end) have held before a single entry is read; the entries then go under `work/isi`. A link, a
 * device, a folder, a name that leaves the folder or an entry the manifest does not list refuses
 * the whole archive, as do a wrong passphrase and any damage, each in one clear error.
 */
export async function extractArchive(file: string, work: string, passphrase?: string): Promise<Unpacked> {
  const dir = join(work, 'isi');
  const tarFile = join(work, 'arsip.tar');
  let sealed = false;
  try {
    const stages = await gzipStream(file, passphrase);
    sealed = stages.length > 1;
    await pipeline([
      ...stages,
      createGunzip(),
      createWriteStream(tarFile, { flags: 'wx', mode: 0o600 }),
    ] as never);
    sealed = false;
    await mkdir(dir, { mode: 0o700 });

    const names: string[] = [];
    let listed: Set<string> | undefined;
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const refuse = (error: Error) => {
        // The entry's stream is destroyed with the archive's error, which the pipeline reports.
        stream.on('error', () => undefined);
        stream.resume();
        next(error);
      };
      const { name, type } = header;
      if (!listed && name !== 'manifest.json') {
        return refuse(
          badRequest('Berkas ini bukan cadangan UKT Penguji (manifest.json bukan isinya yang pertama).'),
        );
      }
      if (type !== 'file') {
        return refuse(
          invalid(`${shown(name)} adalah ${KINDS[type ?? ''] ?? 'isian khusus'}, bukan berkas biasa`),
        );
      }
      let path: string;
      try {
        path = safePath(dir, name);
      } catch (error) {
        return refuse(error as Error);
      }
      if (listed && !listed.has(name)) return refuse(invalid(`${shown(name)} tidak tercantum di manifest`));
      if (names.includes(name)) return refuse(invalid(`${shown(name)} muncul dua kali`));
      if (!listed && (header.size ?? 0) > MANIFEST_MAX_BYTES) {
        return refuse(badRequest('Berkas cadangan rusak: manifest terlalu besar.'));
      }
      names.push(name);
      const writing = listed
        ? mkdir(dirname(path), { recursive: true, mode: 0o700 }).then(() =>
            pipeline(stream, createWriteStream(path, { flags: 'wx', mode: 0o600 })),
          )
        : bytesOf(stream).then((bytes) => {
            listed = listedNames(bytes.toString('utf8'), dir);
            return writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
          });
      writing.then(() => next(), next);
    });
    await pipeline(createReadStream(tarFile), extract);
    if (!listed) throw badRequest('Berkas ini bukan cadangan UKT Penguji (manifest tidak ada).');
    return { dir, names };
  } catch (error) {
    throw unreadable(error, file, work, sealed);
  }
}
