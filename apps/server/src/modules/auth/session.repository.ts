import type { Kysely, Transaction } from 'kysely';
import { prepare, preparedOf } from '../../db/prepared';
import type { Database } from '../../db/types';
import { tugasColumn } from '../kegiatan/penugasan.repository';

/** Stores a hashed session or login-link token. */
export async function insertToken(
  db: Kysely<Database>,
  row: {
    token_hash: string;
    id_pemilih: number;
    kind: 'session' | 'link';
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db
    .insertInto('sesi')
    .values({ ...row, used_at: null })
    .execute();
}

/**
 * The examiner of a live session token with their assignments (asked on every request not answered
 * from the session cache, hence prepared once; the assignments ride along, docs/decisions/125).
 */
export async function findSessionPenguji(db: Kysely<Database>, tokenHash: string, now: number) {
  const query = preparedOf(db, 'session-examiner', () =>
    prepare(
      db,
      (hash: string, at: number) =>
        db
          .selectFrom('sesi')
          .innerJoin('penguji', 'penguji.id_pemilih', 'sesi.id_pemilih')
          .selectAll('penguji')
          .select('sesi.expires_at as session_expires_at')
          .select((eb) => tugasColumn(db, eb).as('tugas'))
          .where('sesi.token_hash', '=', hash)
          .where('sesi.kind', '=', 'session')
          .where('sesi.used_at', 'is', null)
          .where('sesi.expires_at', '>', at),
      2,
    ),
  );
  return (await query(tokenHash, now))[0];
}

/**
 * Marks a token used and answers its examiner, in one statement so two processes racing on
 * the same login link cannot both win. Revoking a session is the same mark.
 */
export async function consumeToken(
  db: Kysely<Database>,
  tokenHash: string,
  kind: 'session' | 'link',
  now: number,
): Promise<number | null> {
  const row = await db
    .updateTable('sesi')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id_pemilih')
    .executeTakeFirst();
  return row?.id_pemilih ?? null;
}

/**
 * Ends every live token of an examiner at once, sessions and unused login links alike (a
 * deactivation, docs/decisions/036). Marked used rather than deleted: the rows still say when
 * they signed in, and that their token was ended rather than never issued.
 */
export async function revokeTokensOfPenguji(
  db: Kysely<Database> | Transaction<Database>,
  idPemilih: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('sesi')
    .set({ used_at: now })
    .where('id_pemilih', '=', idPemilih)
    .where('used_at', 'is', null)
    .execute();
}

/** The `aktif` flag of the examiner a token of a kind was issued to, live or not; undefined for an unknown token. */
export async function findTokenPengujiAktif(
  db: Kysely<Database>,
  tokenHash: string,
  kind: 'session' | 'link',
): Promise<number | undefined> {
  const row = await db
    .selectFrom('sesi')
    .innerJoin('penguji', 'penguji.id_pemilih', 'sesi.id_pemilih')
    .select('penguji.aktif')
    .where('sesi.token_hash', '=', tokenHash)
    .where('sesi.kind', '=', kind)
    .executeTakeFirst();
  return row?.aktif;
}

/** Forgets tokens that expired a day ago or more. */
export async function deleteExpiredTokens(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('sesi').where('expires_at', '<', before).execute();
}

/**
 * The unused login links of some examiners still valid after `validAfter`, newest first (the
 * login cards' links that may be printed again).
 */
export function listLiveLinks(trx: Transaction<Database>, ids: number[], validAfter: number) {
  return trx
    .selectFrom('sesi')
    .select(['id_pemilih', 'token_hash', 'created_at', 'expires_at'])
    .where('id_pemilih', 'in', ids)
    .where('kind', '=', 'link')
    .where('used_at', 'is', null)
    .where('expires_at', '>', validAfter)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Stores login-link tokens; a token already stored (the same card made twice in one millisecond) is kept. */
export async function insertLinkTokens(
  trx: Transaction<Database>,
  rows: { token_hash: string; id_pemilih: number; created_at: number; expires_at: number }[],
): Promise<void> {
  if (!rows.length) return;
  await trx
    .insertInto('sesi')
    .values(rows.map((row) => ({ ...row, kind: 'link' as const, used_at: null })))
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}
