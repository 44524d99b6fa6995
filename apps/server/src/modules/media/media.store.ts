import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { AUDIO_MIME } from './audio-sniff';
import { IMAGE_MIME } from './image-sniff';
import { deleteMedia, type MediaInfo, mediaChunk, mediaInfo, mediaNames, putMedia } from './media.repository';

// Where recordings, examiners' photos and the organisation's images live (docs/decisions/164).
// Each is named as its path under DATA_DIR: audio/{id_ukt}/{id_siswa}-{id_soal}.{ext},
// photos/{id_pemilih}.{ext}, organisasi/{id}/{slot}-{v}.{ext}. On SQLite they are those files, as
// they always were; on PostgreSQL they are rows of berkas_media, which every machine of the
// database reads. The routes, the backup and the restore see only this interface.

/** The folders of DATA_DIR whose files are media (and move into the table on PostgreSQL). */
export const MEDIA_FOLDERS = ['audio', 'photos', 'organisasi'] as const;

const NAME = /^(audio|photos|organisasi)\/[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** True for a name the store keeps: under a media folder, made of plain parts (no `..`, no hidden file). */
export const isMediaName = (name: string) => NAME.test(name) && !name.split('/').includes('..');

const TYPES: Record<string, string> = { ...AUDIO_MIME, ...IMAGE_MIME };

/** The content type a name's extension says, for files that carry none. */
export function typeOfName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** A stored file found: its size and type, and a stream of its bytes read when asked. */
export interface MediaFile {
  size: number;
  type: string;
  stream(): Readable;
}

/** One store of recordings and images; two implementations, chosen by the database kind. */
export interface MediaStore {
  readonly kind: 'berkas' | 'database';
  /** Stores `data` under `name` (a reader never sees half of it); `replaces` go in the same step. */
  put(name: string, data: Buffer, type: string, replaces?: readonly string[]): Promise<void>;
  /** The stored file of a name, or null. */
  open(name: string): Promise<MediaFile | null>;
  exists(name: string): Promise<boolean>;
  /** Removes a name; one already gone is fine. */
  remove(name: string): Promise<void>;
  /** Every stored name, sorted. */
  list(): Promise<string[]>;
}

/** A media name as a path under a folder (checked: never outside it). */
function pathOf(dataDir: string, name: string): string {
  if (!isMediaName(name)) throw new Error(`not a media name: ${name}`);
  return join(dataDir, ...name.split('/'));
}

/** SQLite: files under DATA_DIR, written through a temporary file and a rename. */
export function fileMediaStore(dataDir: string): MediaStore {
  return {
    kind: 'berkas',
    async put(name, data, _type, replaces = []) {
      const path = pathOf(dataDir, name);
      const dir = join(path, '..');
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temp, data).catch(async (error: unknown) => {
        // A full disk leaves part of the file behind: give that space back (docs/decisions/100).
        await unlink(temp).catch(() => undefined);
        throw error;
      });
      for (const other of replaces) {
        if (other !== name) await unlink(pathOf(dataDir, other)).catch(() => undefined);
      }
      await rename(temp, path);
    },
    async open(name) {
      const path = pathOf(dataDir, name);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return null;
      return { size: found.size, type: typeOfName(name), stream: () => createReadStream(path) };
    },
    async exists(name) {
      return (await this.open(name)) !== null;
    },
    async remove(name) {
      await unlink(pathOf(dataDir, name)).catch(() => undefined);
    },
    list: () => mediaFilesIn(dataDir),
  };
}

/** The media files under a data folder (not the temporary ones), as store names, sorted. */
export async function mediaFilesIn(dataDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    const entries = await readdir(at, { withFileTypes: true }).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const name = relative(dataDir, path).split(sep).join('/');
        if (isMediaName(name)) out.push(name);
      }
    }
  };
  for (const folder of MEDIA_FOLDERS) await walk(join(dataDir, folder));
  return out.sort();
}

/** How much of a stored file one query reads back: a 10 MB recording is never held whole. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The bytes of a row, read a part at a time, each part only while the row still holds the same
 * content (its sha256): a file replaced meanwhile ends the stream with an error, never mixes two.
 */
function rowStream(db: Kysely<Database>, info: MediaInfo): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read() {
      if (offset >= info.ukuran) {
        this.push(null);
        return;
      }
      const length = Math.min(CHUNK_BYTES, info.ukuran - offset);
      mediaChunk(db, info, offset, length).then(
        (part) => {
          if (!part || part.length !== length) {
            this.destroy(new Error(`berkas ${info.nama} berubah selagi dibaca`));
            return;
          }
          offset += length;
          this.push(part);
        },
        (error: Error) => this.destroy(error),
      );
    },
  });
}

/** PostgreSQL: rows of berkas_media, shared by every server process of the database. */
export function databaseMediaStore(db: Kysely<Database>, clock: () => number = Date.now): MediaStore {
  return {
    kind: 'database',
    async put(name, data, type, replaces = []) {
      if (!isMediaName(name)) throw new Error(`not a media name: ${name}`);
      const sha256 = createHash('sha256').update(data).digest('hex');
      await putMedia(
        db,
        { nama: name, jenis: type, ukuran: data.length, sha256, isi: data, created_at: clock() },
        replaces,
      );
    },
    async open(name) {
      const info = await mediaInfo(db, name);
      if (!info) return null;
      return { size: info.ukuran, type: info.jenis, stream: () => rowStream(db, info) };
    },
    async exists(name) {
      return (await mediaInfo(db, name)) !== undefined;
    },
    async remove(name) {
      await deleteMedia(db, [name]);
    },
    list: () => mediaNames(db),
  };
}

/** The store of a database kind: PostgreSQL keeps media in its table, SQLite in DATA_DIR. */
export function mediaStoreFor(
  dialect: DialectName,
  db: Kysely<Database>,
  dataDir: string,
  clock?: () => number,
): MediaStore {
  return dialect === 'postgres' ? databaseMediaStore(db, clock) : fileMediaStore(dataDir);
}

/** Reads a whole stored file (small ones: images). */
export async function readWhole(file: MediaFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of file.stream()) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recordings and images: DATA_DIR's files on SQLite, berkas_media on PostgreSQL. */
    media: MediaStore;
  }
}
