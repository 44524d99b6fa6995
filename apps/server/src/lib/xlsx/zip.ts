import { constants, crc32, createInflateRaw, deflateRawSync } from 'node:zlib';

// The ZIP container of an .xlsx file, on node:zlib (docs/decisions/162). Reading goes through the
// archive's central directory, so the parts can be taken in any order whatever order the writer
// stored them in (docs/decisions/102); each part is inflated as a stream, counted as it comes.

const CENTRAL_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const LOCAL_HEADER = 0x04034b50;

/** One part of an archive, not yet unpacked. */
export interface ZipPart {
  /** The part's name as stored, e.g. `xl/worksheets/sheet1.xml`. */
  name: string;
  method: number;
  compressedSize: number;
  headerOffset: number;
}

/** Why an archive cannot be read: said after the file's name in the committee's message. */
export class ZipError extends Error {}

/** The parts an archive's central directory lists. Fails with ZipError on anything else. */
export function zipDirectory(bytes: Buffer): ZipPart[] {
  // The end record sits in the last 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('bukan berkas ZIP (.xlsx)');
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError('arsip ZIP64 tidak didukung');
  const parts: ZipPart[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY)
      throw new ZipError('daftar isi arsip rusak');
    const nameLength = bytes.readUInt16LE(at + 28);
    parts.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      headerOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return parts;
}

/** A part's stored (compressed) bytes. */
function storedBytes(bytes: Buffer, part: ZipPart): Buffer {
  const at = part.headerOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER)
    throw new ZipError(`bagian ${part.name} rusak`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + part.compressedSize > bytes.length) throw new ZipError(`bagian ${part.name} terpotong`);
  return bytes.subarray(start, start + part.compressedSize);
}

/**
 * A part's unpacked bytes, a chunk at a time; `count` is told each chunk's size before it is
 * passed on (and may throw to stop: a few megabytes of ZIP can unpack to gigabytes).
 */
export async function* unpackPart(
  bytes: Buffer,
  part: ZipPart,
  count: (size: number) => void,
): AsyncGenerator<Buffer> {
  const stored = storedBytes(bytes, part);
  if (part.method === 0) {
    count(stored.length);
    yield stored;
    return;
  }
  if (part.method !== 8) throw new ZipError(`bagian ${part.name} memakai pemadatan yang tidak dikenal`);
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(stored);
  // Breaking out of the loop (an early stop, the count throwing) destroys the stream.
  for await (const chunk of inflate as AsyncIterable<Buffer>) {
    count(chunk.length);
    yield chunk;
  }
}

/** A part to store: its name and its bytes. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** An archive of the entries, each deflated, as Excel writes them (no ZIP64: parts stay small). */
export function zipArchive(entries: readonly ZipEntry[], modified: Date): Buffer {
  // MS-DOS time and date, as every ZIP reader expects them.
  const time = (modified.getHours() << 11) | (modified.getMinutes() << 5) | (modified.getSeconds() >> 1);
  const date =
    ((Math.max(modified.getFullYear(), 1980) - 1980) << 9) |
    ((modified.getMonth() + 1) << 5) |
    modified.getDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data, { level: constants.Z_DEFAULT_COMPRESSION });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 30); // the same fields, from "version needed" to the name's length
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(END_OF_DIRECTORY, 0);
  endRecord.writeUInt16LE(entries.length, 8);
  endRecord.writeUInt16LE(entries.length, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, endRecord]);
}
