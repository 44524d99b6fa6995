import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from '../../config/env';
import { openErrorMessage } from '../../db/open-error';
import { AppError } from '../../lib/errors';
import { caddyDataDirOf, type RestoreTarget } from './restore-target';

// What a committee reads when a restore fails: plain Indonesian naming the place and what to do,
// never errno text, a path of the app's own or a stack (docs/decisions/124).

/** Where a restore was when it failed. */
export type RestoreStep =
  /** Looking at the target database and data folder. */
  | 'tujuan'
  /** Making its private work folder in the system's temp folder. */
  | 'sementara'
  /** Reading the archive (archive-extract.ts answers its own errors). */
  | 'arsip'
  /** Copying the archive's files into the data folder, beside the old ones. */
  | 'data'
  /** Filling the database in one transaction. */
  | 'database'
  /** After the commit: migrating to this version, moving the files into place, then Caddy's CA. */
  | 'migrasi'
  | 'berkas'
  | 'caddy';

/** The steps after the database's commit: a failure there cannot say that nothing changed. */
export const afterCommit = (step: RestoreStep) => step === 'migrasi' || step === 'berkas' || step === 'caddy';

const NOTHING_CHANGED = 'Tidak ada yang diubah.';

/** A file system error code in words (what a committee reads instead of errno text). */
export function fsReason(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'izin ditolak';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'disk penuh';
    case 'EROFS':
      return 'disk hanya bisa dibaca';
    case 'ENOENT':
      return 'folder tidak ada';
    case 'ENOTDIR':
      return 'sebagian jalurnya bukan folder';
    case 'EISDIR':
      return 'ada folder di tempat sebuah berkas';
    case 'EIO':
      return 'kesalahan disk';
    default:
      return 'kesalahan sistem berkas';
  }
}

/** The first error code along an error's `cause` chain. */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** What the database said, in words; PostgreSQL's SQLSTATE or SQLite's code, never its text. */
function databaseMessage(target: RestoreTarget, error: unknown): string {
  const opening = openErrorMessage(target.databaseUrl, error);
  if (opening) return opening;
  const code = codeOf(error);
  if (code === '53100' || code?.startsWith('SQLITE_FULL'))
    return 'Disk database tujuan penuh: kosongkan ruang, lalu jalankan restore lagi.';
  if (code === '2BP01')
    return 'Database tujuan berisi objek lain yang bergantung pada tabel aplikasi ini: pulihkan ke database atau skema baru yang kosong.';
  if (code === '42501')
    return 'Pengguna database di DATABASE_URL tidak berhak mengubah skema tujuan: pakai pemilik database itu, atau database baru miliknya.';
  return `Database tujuan menolak pemulihan${code ? ` (kode ${code})` : ''}: periksa DATABASE_URL dan catatan database itu.`;
}

/**
 * The error a restore answers for a failure at `step`: its own refusals as they are, everything
 * else in words. Before the commit it says that nothing was changed, as holds then.
 */
export function restoreError(error: unknown, step: RestoreStep, target: RestoreTarget): AppError {
  const before = !afterCommit(step);
  const unchanged = (message: string) =>
    before && !message.includes(NOTHING_CHANGED) ? `${message} ${NOTHING_CHANGED}` : message;
  if (error instanceof AppError) {
    return new AppError(error.statusCode, unchanged(error.message), error.retryAfterSeconds, error.data);
  }
  if (error instanceof ConfigError) return new AppError(400, unchanged(error.message));
  const code = codeOf(error);
  const dataDir = resolve(target.dataDir);
  const message = (() => {
    switch (step) {
      case 'sementara':
        return `Folder sementara ${tmpdir()} tidak dapat dipakai (${fsReason(code)}): atur TMPDIR ke folder yang ada dan boleh ditulis, lalu jalankan restore lagi.`;
      case 'data':
        return code === 'ENOSPC' || code === 'EDQUOT'
          ? `Ruang disk folder data ${dataDir} habis: kosongkan ruang, lalu jalankan restore lagi.`
          : `Folder data ${dataDir} tidak dapat ditulis (${fsReason(code)}): periksa izinnya, atau pilih folder lain dengan DATA_DIR.`;
      case 'tujuan': {
        const opening = openErrorMessage(target.databaseUrl, error);
        if (opening || !code || !/^E[A-Z]+$/.test(code)) return opening ?? databaseMessage(target, error);
        return `Folder data ${dataDir} tidak dapat dibaca (${fsReason(code)}): periksa izinnya, atau pilih folder lain dengan DATA_DIR.`;
      }
      case 'database':
        return databaseMessage(target, error);
      case 'migrasi':
        return 'Data sudah dipulihkan pada tingkat migrasi cadangan, tetapi migrasi ke versi ini gagal; server mencobanya lagi saat mulai (lihat catatan server).';
      case 'berkas':
        return `Database sudah dipulihkan, tetapi berkas data belum semuanya dipindahkan ke ${dataDir} (${fsReason(code)}): perbaiki masalahnya, lalu jalankan restore lagi dengan --force.`;
      case 'caddy':
        return `Database dan folder data sudah dipulihkan, tetapi sertifikat CA Caddy tidak dapat ditulis ke ${caddyDataDirOf(target)} (${fsReason(code)}); CA yang ada di sana tidak diubah. Perbaiki masalahnya, lalu jalankan restore lagi dengan --force.`;
      default:
        return 'Berkas cadangan tidak dapat dibaca.';
    }
  })();
  return new AppError(step === 'database' || step === 'migrasi' ? 500 : 400, unchanged(message));
}
