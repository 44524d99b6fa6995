import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hmac, randomToken } from '../../lib/crypto';
import type { AuthPenguji } from '../../plugins/context';
import { forgettingSessions, rememberSession, sessionCacheOf } from '../../plugins/session-cache';
import { tugasOfColumn } from '../kegiatan/penugasan.repository';
import { toAuthPenguji } from '../penguji/penguji.mapper';
import { consumeToken, findSessionPenguji, findTokenPengujiAktif, insertToken } from './session.repository';

/** Sessions and login links last 24 hours (DESIGN §4). */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const hashOf = (secret: string, kind: string, token: string) => hmac(secret, kind, token);

/** Issues an opaque 256-bit token of a kind for an examiner, stored only as its HMAC. */
async function issueToken(
  db: Kysely<Database>,
  secret: string,
  kind: 'session' | 'link',
  idPemilih: number,
  now: number,
): Promise<string> {
  const token = randomToken();
  await insertToken(db, {
    token_hash: hashOf(secret, kind, token),
    id_pemilih: idPemilih,
    kind,
    created_at: now,
    expires_at: now + TOKEN_TTL_MS,
  });
  return token;
}

/** Opens a session for an examiner: the token the app sends as access-token. */
export function openSession(
  db: Kysely<Database>,
  secret: string,
  idPemilih: number,
  now: number,
): Promise<string> {
  return issueToken(db, secret, 'session', idPemilih, now);
}

/** Makes a single-use login link token for `ukt link`. */
export function createLoginLink(
  db: Kysely<Database>,
  secret: string,
  idPemilih: number,
  now: number,
): Promise<string> {
  return issueToken(db, secret, 'link', idPemilih, now);
}

/**
 * How long a process may answer a live session token from memory (docs/decisions/018): a logout
 * on the same process takes effect at once; one on another process (or an examiner edited by
 * the CLI) after at most this long.
 */
export const SESSION_CACHE_MS = 3_000;

/**
 * The examiner a session token belongs to, with their assignments, or null when it is unknown,
 * expired or revoked. A live answer is kept for `cacheMs` (never past the token's expiry); 0 asks
 * the database every time. Unknown tokens are never cached. An assignment changed by the console
 * is forgotten at once on this process, within `cacheMs` on others (docs/decisions/125).
 */
export async function pengujiOfToken(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: number,
  cacheMs = SESSION_CACHE_MS,
): Promise<AuthPenguji | null> {
  if (token.length < 20 || token.length > 100) return null;
  const cache = cacheMs > 0 ? sessionCacheOf(db) : undefined;
  if (cache) {
    const hit = cache.entries.get(token);
    if (hit && hit.until > now) return hit.examiner;
    if (hit) cache.entries.delete(token);
  }
  const epoch = cache?.epoch;
  const row = await findSessionPenguji(db, hashOf(secret, 'session', token), now);
  // A deactivation revokes every session; this also refuses one opened while it was being written.
  if (row?.aktif !== 1) return null;
  // Shared by every request of this token while cached: nobody may change it.
  const examiner = Object.freeze(toAuthPenguji(row, tugasOfColumn(row.tugas)));
  if (cache && cache.epoch === epoch) {
    rememberSession(cache, token, examiner, Math.min(now + cacheMs, row.session_expires_at));
  }
  return examiner;
}

/** Uses up a login link; answers its examiner id, or null when it is unknown, used or expired. */
export function redeemLoginLink(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: number,
): Promise<number | null> {
  return consumeToken(db, hashOf(secret, 'link', token), 'link', now);
}

/** Revokes a session token; true when it was live. */
export function revokeSession(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: number,
): Promise<boolean> {
  return forgettingSessions(
    db,
    (cached) => cached === token,
    async () => (await consumeToken(db, hashOf(secret, 'session', token), 'session', now)) !== null,
  );
}

/** What a deactivated examiner's phone is told when their token or link is refused (docs/decisions/036). */
export const PENGUJI_NONAKTIF = 'Akun Anda dinonaktifkan panitia. Hubungi panitia bila ini keliru.';

/**
 * True when a refused token of a kind was issued to an examiner the committee deactivated, so the
 * answer can say so instead of "session over". Only a token that was really issued can match.
 */
export async function isTokenOfNonaktif(
  db: Kysely<Database>,
  secret: string,
  kind: 'session' | 'link',
  token: string,
): Promise<boolean> {
  if (token.length < 20 || token.length > 100) return false;
  return (await findTokenPengujiAktif(db, hashOf(secret, kind, token), kind)) === 0;
}
