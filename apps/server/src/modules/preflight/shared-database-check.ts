import type { Kysely } from 'kysely';
import { existingSecret, secretFile, secretFingerprint } from '../../config/secret';
import { connectDb } from '../../db/connect';
import {
  CLOCK_TOLERANCE_MS,
  clockDifference,
  durationText,
  readDatabaseClock,
  SET_THE_CLOCK,
} from '../../db/database-clock';
import { findSidik } from '../../db/database-secret';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { type Check, failed, passed, warned } from './check';

// `ukt periksa` on a machine that joins a database other machines use (docs/decisions/165): does it
// hold their key (the fingerprint the database keeps, docs/decisions/159), and does its clock agree
// with the database's (sessions, login codes and the backup lease are judged across machines)? Each
// check says what differs and what to copy or set. The media check is in media-store-check.ts.

const KEY_ADVICE = (dataDir: string) =>
  `Salin secret.key dari mesin pertama ke DATA_DIR (${dataDir}) atau atur UKT_SECRET yang sama dengan mesin pertama (npm run ukt -- atur UKT_SECRET=…), lalu periksa lagi.`;

/** This machine's key (UKT_SECRET, else DATA_DIR/secret.key) against the fingerprint the database keeps. */
export async function checkSharedKey(
  db: Kysely<Database>,
  configured: string | undefined,
  dataDir: string,
): Promise<Check> {
  const id = 'kunci-bersama';
  const judul = 'Kunci rahasia sama dengan mesin lain';
  const kept = await findSidik(db);
  const secret = existingSecret(configured, dataDir);
  const which = configured ? 'UKT_SECRET' : secretFile(dataDir);
  if (kept === undefined)
    return passed(
      id,
      judul,
      secret === undefined
        ? 'Database belum dipakai mesin mana pun: mesin ini akan membuat kuncinya saat pertama mulai.'
        : `Database belum mencatat kunci: ${which} mesin ini akan dicatat saat mulai; mesin berikutnya memakai kunci yang sama.`,
    );
  if (secret === undefined)
    return failed(
      id,
      judul,
      `Mesin ini belum punya kunci rahasia (tidak ada ${secretFile(dataDir)} dan UKT_SECRET tidak diatur), padahal database ini sudah dipakai mesin lain.`,
      KEY_ADVICE(dataDir),
    );
  if (secretFingerprint(secret) !== kept)
    return failed(
      id,
      judul,
      `${which} mesin ini berbeda dengan kunci yang dicatat database: sesi, tautan login dan kode kartu dari mesin lain tidak akan cocok, dan server menolak mulai.`,
      KEY_ADVICE(dataDir),
    );
  return passed(id, judul, `${which} cocok dengan sidik kunci di database.`);
}

/** This machine's clock against the database's: refused by the server beyond two minutes. */
export async function checkSharedClock(
  db: Kysely<Database>,
  dialect: DialectName,
  now: () => number,
): Promise<Check> {
  const id = 'jam-database';
  const judul = 'Jam mesin ini sama dengan jam database';
  const reading = await readDatabaseClock(db, dialect, now);
  if (!reading.agrees) {
    return failed(
      id,
      judul,
      `${clockDifference(reading)}: server mesin ini akan menolak mulai (selisih paling banyak ${durationText(CLOCK_TOLERANCE_MS)}).`,
      `Sesi, kode login dan jadwal cadangan dinilai oleh mesin lain: ${SET_THE_CLOCK}, lalu periksa lagi.`,
    );
  }
  const off = Math.abs(reading.offsetMs);
  if (off > 10_000)
    return warned(
      id,
      judul,
      `Selisih ${durationText(reading.offsetMs)} dengan jam database: masih diterima (paling banyak ${durationText(CLOCK_TOLERANCE_MS)}).`,
      'Aktifkan sinkron jam otomatis (Linux: sudo timedatectl set-ntp true) agar selisihnya tidak bertambah.',
    );
  return passed(id, judul, `Selisih ${durationText(reading.offsetMs)}.`);
}

/**
 * On PostgreSQL, the checks of a machine that joins the others: key and clock (and what
 * `more` adds), read over one connection; a database that cannot be read is one failure.
 */
export async function checkSharedDatabase(
  config: { databaseUrl: string; secret: string | undefined; dataDir: string },
  now: () => number,
  more: (db: Kysely<Database>) => Promise<Check>[] = () => [],
): Promise<Check[]> {
  if (!config.databaseUrl.startsWith('postgres')) return [];
  let db: Kysely<Database> | undefined;
  try {
    db = connectDb(config.databaseUrl).db;
    const open = db;
    return await Promise.all([
      checkSharedKey(open, config.secret, config.dataDir),
      checkSharedClock(open, 'postgres', now),
      ...more(open),
    ]);
  } catch (error) {
    return [
      failed(
        'database-bersama',
        'Database bersama (DATABASE_URL)',
        `Database tidak dapat dibaca dari mesin ini: ${(error as Error).message}`,
        'Periksa DATABASE_URL, jaringan ke server PostgreSQL, dan bahwa mesin pertama sudah pernah mulai (tabelnya dibuat saat itu), lalu periksa lagi.',
      ),
    ];
  } finally {
    await db?.destroy().catch(() => undefined);
  }
}
