import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hmac, randomToken } from '../../lib/crypto';
import type { AuthExaminer } from '../../plugins/context';
import { toAuthExaminer } from '../penguji/penguji.mapper';
import { consumeToken, findSessionExaminer, insertToken } from './session.repository';

/** Sessions and login links last 24 hours (DESIGN §4). */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const hashOf = (secret: string, kind: string, token: string) => hmac(secret, kind, token);

/** Opens a session for an examiner: an opaque 256-bit token, stored only as its HMAC. */
export async function openSession(
  db: Kysely<Database>,
  secret: string,
  idPemilih: number,
  now: number,
): Promise<string> {
  const token = randomToken();
  await insertToken(db, {
    token_hash: hashOf(secret, 'session', token),
    id_pemilih: idPemilih,
    kind: 'session',
    created_at: now,
    expires_at: now + TOKEN_TTL_MS,
  });
  return token;
}

/** Makes a single-use login link token for `ukt link`. */
export async function createLoginLink(
  db: Kysely<Database>,
  secret: string,
  idPemilih: number,
  now: number,
): Promise<string> {
  const token = randomToken();
  await insertToken(db, {
    token_hash: hashOf(secret, 'link', token),
    id_pemilih: idPemilih,
    kind: 'link',
    created_at: now,
    expires_at: now + TOKEN_TTL_MS,
  });
  return token;
}

/** The examiner a session token belongs to, or null when it is unknown, expired or revoked. */
export async function examinerOfToken(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: number,
): Promise<AuthExaminer | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await findSessionExaminer(db, hashOf(secret, 'session', token), now);
  return row ? toAuthExaminer(row) : null;
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
  return (await consumeToken(db, hashOf(secret, 'session', token), 'session', now)) !== null;
}
