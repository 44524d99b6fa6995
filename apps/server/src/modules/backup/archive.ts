import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { badRequest } from '../../lib/errors';

// A backup is one ordinary .tar.gz (any archive tool opens it), or, with a passphrase, that same
// archive sealed with AES-256-GCM under a key from scrypt (docs/decisions/096).

/** The first bytes of a sealed archive: says "ask for the passphrase" before anything else. */
const MAGIC = Buffer.from('UKT-CADANGAN-AES1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;

function keyOf(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A file to put in the archive under `name` (forward slashes). */
export interface ArchiveEntry {
  name: string;
  file: string;
  size: number;
}

/**
 * Puts each entry into the pack, one after the other, and finalizes it; rejects when an entry
 * cannot be read or the pack was stopped (its output failed), never leaving a file open.
 */
async function fillPack(pack: tar.Pack, entries: ArchiveEntry[]): Promise<void> {
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600 }, (error) =>
        error ? reject(error) : resolve(),
      );
      // A stopped pack takes no entry: nothing is opened for it.
      if (!sink) return reject(new Error('arsip dihentikan'));
      pipeline(createReadStream(entry.file), sink).catch(reject);
    });
  }
  pack.finalize();
}

/**
 * Writes the entries as a .tar.gz (sealed when a passphrase is given); answers its size in bytes.
 * Any failure (a full disk under the output, an entry that cannot be read) stops every stream and
 * is thrown once both sides have ended; the caller removes `out`.
 */
export async function writeArchive(
  out: string,
  entries: ArchiveEntry[],
  passphrase?: string,
): Promise<number> {
  const pack = tar.pack();
  const stages: (Transform | ((source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>))[] = [
    createGzip({ level: 6 }),
  ];
  if (passphrase) {
    const salt = randomBytes(SALT_BYTES);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await keyOf(passphrase, salt), iv);
    // The header first, the tag once the cipher has seen the last byte.
    async function* sealed(source: AsyncIterable<Buffer>) {
      yield Buffer.concat([MAGIC, salt, iv]);
      for await (const chunk of source) yield chunk;
      yield cipher.getAuthTag();
    }
    stages.push(cipher, sealed);
  }
  const writing = pipeline([pack, ...stages, createWriteStream(out, { mode: 0o600 })] as never);
  // A failed entry stops the pack, and with it the pipeline; a failed pipeline destroys the pack,
  // which fails the entry under way.
  const filling = fillPack(pack, entries).catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  const [written, filled] = await Promise.allSettled([writing, filling]);
  // The output's own error first: a full disk, rather than the pack it stopped.
  if (written.status === 'rejected') throw written.reason;
  if (filled.status === 'rejected') throw filled.reason;
  return (await stat(out)).size;
}

/**
 * True when the file is a sealed archive that needs its passphrase. A handle already open (the
 * console's download checks the file it will send) is read and left open.
 */
export async function isSealed(file: string | FileHandle): Promise<boolean> {
  const handle = typeof file === 'string' ? await open(file, 'r') : file;
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    if (handle !== file) await handle.close();
  }
}

/** The largest manifest a listing reads (a manifest holds a checksum per file: far below this). */
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

/** A NUL-terminated field of a tar header as text. */
const field = (header: Buffer, start: number, end: number) =>
  header.subarray(start, end).toString('utf8').replace(/\0.*$/s, '').trim();

/**
 * The manifest (an unsealed archive's first entry, parsed), read from the first bytes only: the
 * listing of a folder of large archives unzips a few kilobytes of each.
 */
export async function readManifestEntry(file: string | Readable): Promise<unknown> {
  // Or the archive's bytes from their start, from a file the caller holds open.
  const source: Readable = typeof file === 'string' ? createReadStream(file) : file;
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  // Stopped half-way on purpose: an error gunzip reports after that must not go unheard.
  gunzip.on('error', () => undefined);
  source.pipe(gunzip);
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip) {
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length < 512) continue;
      // A ustar header: the name in bytes 0–99, the size in octal in bytes 124–135.
      if (field(head, 0, 100) !== 'manifest.json') throw new Error('manifest bukan entri pertama');
      const size = Number.parseInt(field(head, 124, 136), 8);
      if (!Number.isSafeInteger(size) || size > MANIFEST_MAX_BYTES) throw new Error('manifest tidak wajar');
      if (head.length >= 512 + size) return JSON.parse(head.subarray(512, 512 + size).toString('utf8'));
    }
    throw new Error('arsip terpotong');
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/**
 * The stages that read the .tar.gz inside a file, unsealing it with the passphrase when it is
 * sealed (a restore unpacks them: archive-extract.ts). A file that is missing, unreadable or not
 * a regular file fails here with its own error, before any stream is opened.
 */
export async function gzipStream(
  file: string,
  passphrase: string | undefined,
): Promise<(Readable | Transform)[]> {
  const info = await stat(file);
  if (info.isDirectory()) {
    throw badRequest(
      `${file} adalah folder, bukan berkas cadangan: sebutkan berkas .tar.gz atau .tar.gz.aes.`,
    );
  }
  if (!info.isFile()) {
    throw badRequest(`${file} bukan berkas biasa: sebutkan berkas cadangan .tar.gz atau .tar.gz.aes.`);
  }
  if (!(await isSealed(file))) return [createReadStream(file)];
  if (!passphrase) {
    throw badRequest('Cadangan ini dilindungi kata sandi: berikan kata sandinya (UKT_BACKUP_PASSPHRASE).');
  }
  const { size } = info;
  if (size < HEADER_BYTES + TAG_BYTES) throw badRequest('Berkas cadangan rusak: terlalu pendek.');
  const handle = await open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(passphrase, salt), iv);
  decipher.setAuthTag(tag);
  return [createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }), decipher];
}
