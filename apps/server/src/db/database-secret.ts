import type { Kysely } from 'kysely';
import { ConfigError } from '../config/env';
import {
  ensureSecretFile,
  existingSecret,
  forgetMadeSecret,
  secretFile,
  secretFingerprint,
} from '../config/secret';
import type { Database } from './types';

// One key for every machine of a database (docs/decisions/159). The database keeps the key's
// fingerprint (sidik_kunci, one row), never the key: the first process to start on it records its
// own; every later one, on this machine or another, must hold the same key or refuses to start, and
// one with no key at all never makes its own once a fingerprint is there. The only SQL of sidik_kunci.

const ROW = 1;

/** The fingerprint the database keeps, or undefined before any machine recorded one (`ukt periksa` reads it too). */
export async function findSidik(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('sidik_kunci').select('sidik').where('id', '=', ROW).executeTakeFirst();
  return row?.sidik;
}

/** Records the fingerprint unless another process recorded one first; answers the one kept. */
async function recordSidik(db: Kysely<Database>, sidik: string, now: number): Promise<string | undefined> {
  await db
    .insertInto('sidik_kunci')
    .values({ id: ROW, sidik, dibuat_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return findSidik(db);
}

/** What to do, the same in both refusals. */
const WHAT_TO_DO = (dataDir: string) =>
  `salin secret.key dari mesin pertama ke DATA_DIR (${dataDir}) atau atur UKT_SECRET yang sama dengan mesin pertama, lalu mulai lagi.`;

/**
 * The key this process signs with, checked against the database's fingerprint: this machine's
 * (UKT_SECRET or secret.key), or on a database with no fingerprint yet a new secret.key. Throws a
 * ConfigError of one Indonesian line when the keys differ, or when this machine has none and the
 * database already belongs to a key.
 */
export async function databaseSecret(
  db: Kysely<Database>,
  configured: string | undefined,
  dataDir: string,
  now: number,
): Promise<string> {
  let kept = await findSidik(db);
  let secret = existingSecret(configured, dataDir);
  let made = false;
  if (secret === undefined) {
    if (kept !== undefined)
      throw new ConfigError(
        `Mesin ini belum punya kunci rahasia (tidak ada ${secretFile(dataDir)} dan UKT_SECRET tidak diatur), padahal database ini sudah dipakai mesin lain dengan kuncinya: ${WHAT_TO_DO(dataDir)}`,
      );
    ({ secret, made } = ensureSecretFile(dataDir));
  }
  const mine = secretFingerprint(secret);
  kept ??= await recordSidik(db, mine, now);
  if (kept !== mine) {
    // Lost a race with another machine starting on the same new database: its key is the one.
    if (made) forgetMadeSecret(dataDir);
    const which = configured ? 'UKT_SECRET' : `Kunci rahasia ${secretFile(dataDir)}`;
    throw new ConfigError(
      `${which} mesin ini berbeda dengan kunci database ini (kode sertifikat dan tautan login dari mesin lain tidak akan cocok): ${WHAT_TO_DO(dataDir)}`,
    );
  }
  return secret;
}
