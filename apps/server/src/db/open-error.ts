import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config/env';
import { dialectName } from './dialect';
import { isDatabaseUnavailable } from './unavailable';

// What an operator reads when the database of DATABASE_URL cannot be opened at start: one line
// naming the setting, the place and what to do (docs/decisions/019). Never the password.

/** The first error code along an error's `cause` chain (migrations wrap the driver's error). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const FOLDER_CODES = ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EEXIST'];

function sqliteMessage(url: string, code: string): string | undefined {
  const file = resolve(url.slice('sqlite:'.length));
  const setting = `DATABASE_URL ${file}`;
  const elsewhere = 'atau pilih berkas lain dengan DATABASE_URL.';
  if (FOLDER_CODES.includes(code))
    return `${setting}: folder ${dirname(file)} tidak dapat dibuat atau ditulis (${code}): periksa izin folder ${elsewhere}`;
  if (code.startsWith('SQLITE_READONLY'))
    return `${setting} hanya bisa dibaca (${code}): periksa izin berkas dan foldernya, ${elsewhere}`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return `${setting} tidak dapat dibuka (${code}): periksa bahwa foldernya ada dan boleh ditulis, ${elsewhere}`;
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT'))
    return `${setting} bukan database SQLite yang utuh (${code}): pulihkan dari cadangan ${elsewhere}`;
  if (code.startsWith('SQLITE_FULL') || code.startsWith('SQLITE_IOERR'))
    return `${setting} tidak dapat ditulis (${code}): periksa ruang dan kesehatan disk, ${elsewhere}`;
  if (code.startsWith('SQLITE_BUSY'))
    return `${setting} sedang dikunci proses lain (${code}): tunggu proses itu selesai lalu jalankan lagi.`;
  return undefined;
}

/** host:port/database of a PostgreSQL URL, without user or password. */
export function postgresPlace(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    return `${host}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(alamat tidak terbaca)';
  }
}

function postgresMessage(url: string, error: unknown, code: string | undefined): string | undefined {
  const setting = `DATABASE_URL ${postgresPlace(url)}`;
  if (code === '28P01' || code === '28000')
    return `${setting}: PostgreSQL menolak login (${code}): periksa nama pengguna dan kata sandi di DATABASE_URL.`;
  if (code === '3D000')
    return `${setting}: database itu tidak ada (${code}): buat dulu (createdb) atau perbaiki namanya di DATABASE_URL.`;
  if (code === 'ENOTFOUND' || isDatabaseUnavailable(error))
    return `${setting}: PostgreSQL tidak dapat dihubungi (${code ?? 'tidak ada jawaban'}): pastikan PostgreSQL berjalan dan alamat di DATABASE_URL benar.`;
  return undefined;
}

/** The one-line start-up message for a failure to open DATABASE_URL, or undefined when it is no such failure. */
export function openErrorMessage(url: string, error: unknown): string | undefined {
  const code = codeOf(error);
  if (dialectName(url) === 'sqlite') return code ? sqliteMessage(url, code) : undefined;
  return postgresMessage(url, error, code);
}

/**
 * Raised, before anything is changed, when the database was updated by a newer release of the
 * app: it has run migrations this release does not know (docs/decisions/157). Its message is the
 * one line the server, the `ukt` commands and the venue launcher show.
 */
export class NewerDatabaseError extends ConfigError {}

/** The refusal's line: the newer release's migration level, this release's version and level, what to do. */
export function newerDatabaseMessage(
  unknown: readonly string[],
  ours: { version: string; level: string },
): string {
  const theirs = [...unknown].sort().at(-1);
  return `Database ini sudah diperbarui oleh UKT Penguji yang lebih baru (tingkat migrasi ${theirs}); yang terpasang di sini versi ${ours.version} (tingkat migrasi ${ours.level}). Tidak ada yang diubah. Jalankan lagi versi yang lebih baru itu, atau, untuk kembali ke versi ini, pulihkan cadangan dari sebelum pembaruan (ukt-cadangan-…-migrasi.tar.gz di folder cadangan, atau cadangan Anda sendiri) ke database baru yang kosong (docs/pasang-venue.md atau docs/pasang-server.md, bagian "Kembali ke versi sebelumnya").`;
}
