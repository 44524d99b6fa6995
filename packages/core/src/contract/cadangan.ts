import { z } from '../zod';

// The console page "Cadangan" (DESIGN §14): the backups in the server's backup folder, making one
// now (optionally sealed with a passphrase) and downloading one (docs/decisions/099).

/** Why a backup was taken: by hand, on the schedule, before a migration; 'lain' for any other name. */
export const CADANGAN_REASONS = ['manual', 'jadwal', 'migrasi', 'lain'] as const;

/** One backup of the backup folder. */
export const Cadangan = z.object({
  /** The archive's file name: the only thing the download accepts. */
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** When it was taken (UTC, ISO 8601). */
  created_at: z.string(),
  /** Sealed with a passphrase (`.tar.gz.aes`): useless without it. */
  encrypted: z.boolean(),
  reason: z.enum(CADANGAN_REASONS),
});
export type Cadangan = z.infer<typeof Cadangan>;

/**
 * The last scheduled backup that failed, shown until a backup succeeds (docs/decisions/122): the
 * console warns with it on Cadangan and Progres.
 */
export const CadanganGagal = z.object({
  /** The backup folder it was to be written to (BACKUP_DIR of the server that took it). */
  folder: z.string(),
  /** When it failed (UTC, ISO 8601). */
  gagal_at: z.string(),
  /** Why, and what to do, in the server's words. */
  pesan: z.string(),
});
export type CadanganGagal = z.infer<typeof CadanganGagal>;

/** Answer of GET /panitia/cadangan: the backups, newest first, and where and how often they are taken. */
export const CadanganList = z.object({
  /** BACKUP_DIR on the server. */
  folder: z.string(),
  /** Minutes between scheduled backups, or null when none are scheduled. */
  jadwal_menit: z.number().int().positive().nullable(),
  /** How many scheduled backups are kept (manual and pre-migration ones are never removed). */
  jadwal_disimpan: z.number().int().positive(),
  /** The last scheduled backup, if it failed and no backup has succeeded since; else null. */
  jadwal_gagal: CadanganGagal.nullable(),
  /**
   * When the backup folder lies on the disk of the data, why that loses them with the laptop and
   * how to point them at a flash disk, in the server's words; null when it lies on another disk.
   */
  satu_disk: z.object({ pesan: z.string(), saran: z.string() }).nullable(),
  cadangan: z.array(Cadangan),
});
export type CadanganList = z.infer<typeof CadanganList>;

/** The shortest passphrase a backup may be sealed with. */
export const PASSPHRASE_MIN = 8;

/** Body of POST /panitia/cadangan: an optional passphrase that seals the archive. */
export const CadanganInput = z.object({
  passphrase: z
    .string({ error: 'kata sandi harus berupa teks' })
    .min(PASSPHRASE_MIN, { error: `kata sandi minimal ${PASSPHRASE_MIN} karakter` })
    .max(200, { error: 'kata sandi paling panjang 200 karakter' })
    .optional(),
});
export type CadanganInput = z.infer<typeof CadanganInput>;

/** Path of GET /panitia/cadangan/{name}: any text; only a name the list shows is found. */
export const CadanganParams = z.object({ name: z.string() });
