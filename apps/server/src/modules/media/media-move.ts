import { createHash } from 'node:crypto';
import { readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { putMediaIfAbsent } from './media.repository';
import { mediaFilesIn, typeOfName } from './media.store';

// On PostgreSQL, recordings and images live in berkas_media (docs/decisions/164). The files an
// earlier version left in DATA_DIR are moved there when the server starts: a migration cannot do
// it, since it never knows DATA_DIR. Each file is stored, its size and checksum read back from the
// database, and only then removed. A file that cannot be read, is empty, or whose name the
// database already holds with other content stays where it is and is reported. Safe to run twice,
// by two servers at once, and after an interruption: a row is stored whole or not at all, and a
// file whose row matches is simply removed.

/** A file the move left in DATA_DIR, and why. */
export interface LeftFile {
  name: string;
  reason: string;
}

/** What one move did. */
export interface MoveReport {
  moved: string[];
  left: LeftFile[];
}

/** Where the move says what it left (a pino logger fits). */
export interface MoveLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

async function moveOne(
  db: Kysely<Database>,
  dataDir: string,
  name: string,
  now: number,
): Promise<string | null> {
  const path = join(dataDir, ...name.split('/'));
  let data: Buffer;
  let size: number;
  try {
    size = (await stat(path)).size;
    data = await readFile(path);
  } catch (error) {
    return `tidak dapat dibaca (${(error as { code?: string }).code ?? 'galat'})`;
  }
  if (data.length === 0) return 'kosong (0 byte): rekaman atau gambar ini rusak';
  if (data.length !== size) return 'berubah selagi dibaca: jalankan server lagi untuk mencoba ulang';
  const sha256 = createHash('sha256').update(data).digest('hex');
  const there = await putMediaIfAbsent(db, {
    nama: name,
    jenis: typeOfName(name),
    ukuran: data.length,
    sha256,
    isi: data,
    created_at: now,
  });
  if (!there) return 'tidak tersimpan di database';
  if (there.ukuran !== data.length || there.sha256 !== sha256) {
    return 'database sudah menyimpan isi lain dengan nama ini (mungkin unggahan yang lebih baru)';
  }
  await unlink(path).catch((error: { code?: string }) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return null;
}

/** Moves DATA_DIR's recordings and images into berkas_media; reports what it left and why. */
export async function moveMediaIntoDatabase(
  db: Kysely<Database>,
  dataDir: string,
  options: { log?: MoveLog; now?: number } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: [], left: [] };
  const now = options.now ?? Date.now();
  for (const name of await mediaFilesIn(dataDir)) {
    let reason: string | null;
    try {
      reason = await moveOne(db, dataDir, name, now);
    } catch (error) {
      reason = `gagal dipindahkan: ${(error as Error).message}`;
    }
    if (reason) {
      report.left.push({ name, reason });
      options.log?.warn(
        { berkas: join(dataDir, name), alasan: reason },
        `Berkas ${name} tetap di folder data, belum masuk database: ${reason}. Periksa berkas itu; server memindahkannya lagi saat dijalankan ulang.`,
      );
    } else {
      report.moved.push(name);
    }
  }
  if (report.moved.length > 0) {
    options.log?.info(
      `${report.moved.length} rekaman/gambar dipindahkan dari folder data ke database PostgreSQL.`,
    );
  }
  return report;
}
