import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
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

/** Writes the entries as a .tar.gz (sealed when a passphrase is given); answers its size in bytes. */
export async function writeArchive(
  out: string,
  entries: ArchiveEntry[],
  passphrase?: string,
): Promise<number> {
  const pack = tar.pack();
  const filling = (async () => {
    for (const entry of entries) {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        pipeline(createReadStream(entry.file), sink).catch(reject);
      });
    }
    pack.finalize();
  })();
  const target = createWriteStream(out, { mode: 0o600 });
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
    await Promise.all([pipeline(pack, createGzip({ level: 6 }), cipher, sealed, target), filling]);
  } else {
    await Promise.all([pipeline(pack, createGzip({ level: 6 }), target), filling]);
  }
  return (await stat(out)).size;
}

/** True when the file is a sealed archive that needs its passphrase. */
export async function isSealed(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    await handle.close();
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
export async function readManifestEntry(file: string): Promise<unknown> {
  const source = createReadStream(file);
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

/** The bytes of the .tar.gz inside a file, unsealed with the passphrase when it is sealed. */
async function gzipStream(file: string, passphrase: string | undefined): Promise<(Readable | Transform)[]> {
  if (!(await isSealed(file))) return [createReadStream(file)];
  if (!passphrase) {
    throw badRequest('Cadangan ini dilindungi kata sandi: berikan kata sandinya (UKT_BACKUP_PASSPHRASE).');
  }
  const { size } = await stat(file);
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

/** A name from an archive as a path under `dir`, or an error for one that would leave it. */
function safePath(dir: string, name: string): string {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean.startsWith('..') || clean.split(sep).includes('..')) {
    throw badRequest(`Berkas cadangan tidak sah: nama "${name}" keluar dari folder.`);
  }
  return join(dir, clean);
}

/** The error a committee reads for an archive that cannot be read. */
function damaged(error: unknown, sealed: boolean): Error {
  if (error instanceof Error && 'statusCode' in error) return error;
  const reason = (error as Error).message;
  if (sealed && /auth|decrypt/i.test(reason))
    return badRequest('Kata sandi cadangan salah, atau berkasnya rusak.');
  return badRequest(`Berkas cadangan rusak dan tidak dapat dibaca (${reason}).`);
}

/**
 * Unpacks an archive into `dir` and answers the names it held. A wrong passphrase or any damage
 * (gzip, tar or the seal) is one clear error; `dir` is then for the caller to remove.
 */
export async function extractArchive(file: string, dir: string, passphrase?: string): Promise<string[]> {
  // The whole stream is unsealed and unzipped first, so the seal's tag and gzip's CRC (both at the
  // end) have held before a single entry is read.
  const stages = await gzipStream(file, passphrase);
  const sealed = stages.length > 1;
  const tarFile = `${dir}.tar`;
  try {
    await pipeline([...stages, createGunzip(), createWriteStream(tarFile, { mode: 0o600 })] as never).catch(
      (error: unknown) => {
        throw damaged(error, sealed);
      },
    );
    const names: string[] = [];
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      if (header.type !== 'file') {
        stream.resume();
        next();
        return;
      }
      let path: string;
      try {
        path = safePath(dir, header.name);
      } catch (error) {
        stream.resume();
        next(error as Error);
        return;
      }
      names.push(header.name);
      mkdir(dirname(path), { recursive: true })
        .then(() => pipeline(stream, createWriteStream(path)))
        .then(() => next(), next);
    });
    await pipeline(createReadStream(tarFile), extract).catch((error: unknown) => {
      throw damaged(error, false);
    });
    return names;
  } finally {
    await rm(tarFile, { force: true });
  }
}
