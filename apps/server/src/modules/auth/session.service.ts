import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hmac, randomToken } from '../../lib/crypto';
import type { AuthPenguji } from '../../plugins/context';
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
const SESSION_CACHE_SIZE = 10_000;

/** Live sessions this process has looked up recently, per database. */
interface SessionCache {
  entries: Map<string, { examiner: AuthPenguji; until: number }>;
  /** Bumped around every revocation: a lookup that overlapped one does not store its answer. */
  epoch: number;
}

const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();

function sessionCacheOf(db: Kysely<Database>): SessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = { entries: new Map(), epoch: 0 };
    sessionCaches.set(db, cache);
  }
  return cache;
}

/**
 * The examiner a session token belongs to, or null when it is unknown, expired or revoked.
 * A live answer is kept for `cacheMs` (never past the token's expiry); 0 asks the database
 * every time. Unknown tokens are never cached.
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
  const examiner = Object.freeze(toAuthPenguji(row));
  if (cache && cache.epoch === epoch) {
    cache.entries.set(token, { examiner, until: Math.min(now + cacheMs, row.session_expires_at) });
    if (cache.entries.size > SESSION_CACHE_SIZE) {
      const oldest = cache.entries.keys().next().value;
      if (oldest !== undefined) cache.entries.delete(oldest);
    }
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
export async function revokeSession(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: number,
): Promise<boolean> {
  const cache = sessionCaches.get(db);
  // Before: a lookup already running may have read the token as live; after: one that started
  // while the revocation was being written may have too. Neither stores its answer.
  if (cache) cache.epoch++;
  try {
    return (await consumeToken(db, hashOf(secret, 'session', token), 'session', now)) !== null;
  } finally {
    if (cache) {
      cache.entries.delete(token);
      cache.epoch++;
    }
  }
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

/**
 * Runs a write that ends or changes an examiner's sessions (deactivation, a new role or region)
 * so this process stops answering their tokens from memory at once: lookups overlapping the
 * write do not store their answer (the epoch, as in revokeSession), and what was cached for them
 * is dropped once it is committed. Other processes follow within SESSION_CACHE_MS (decision 018).
 */
export async function withPengujiForgotten<T>(
  db: Kysely<Database>,
  idPemilih: number,
  write: () => Promise<T>,
): Promise<T> {
  const cache = sessionCaches.get(db);
  if (cache) cache.epoch++;
  try {
    return await write();
  } finally {
    if (cache) {
      for (const [token, entry] of cache.entries) {
        if (entry.examiner.id_pemilih === idPemilih) cache.entries.delete(token);
      }
      cache.epoch++;
    }
  }
}
