import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

// Every limit is one conditional statement, so it holds across several API processes on one
// PostgreSQL as well as in one process (docs/decisions/011-otp-limits.md).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Limits of DESIGN §4. */
export const OTP_LIMITS = {
  resendMs: MINUTE,
  perHour: 5,
  ttlMs: 5 * MINUTE,
  triesPerCode: 5,
  failuresToLock: 10,
  lockMs: HOUR,
};

/** Makes sure a number has a limit-state row. */
export async function ensureOtpState(db: Kysely<Database>, noWa: string): Promise<void> {
  await db
    .insertInto('otp_state')
    .values({ no_wa: noWa, last_sent_at: 0, hour_start: 0, hour_count: 0, failures: 0, locked_until: 0 })
    .onConflict((oc) => oc.column('no_wa').doNothing())
    .execute();
}

/** The limit state of a number. */
export function readOtpState(db: Kysely<Database>, noWa: string) {
  return db.selectFrom('otp_state').selectAll().where('no_wa', '=', noWa).executeTakeFirstOrThrow();
}

/** Takes a send slot: false when the number is locked, sent within 60 s, or at 5 sends this hour. */
export async function claimSend(db: Kysely<Database>, noWa: string, now: number): Promise<boolean> {
  const hourOver = sql<boolean>`hour_start <= ${now - HOUR}`;
  const result = await db
    .updateTable('otp_state')
    .set({
      last_sent_at: now,
      hour_count: sql`case when ${hourOver} then 1 else hour_count + 1 end`,
      hour_start: sql`case when ${hourOver} then ${now} else hour_start end`,
    })
    .where('no_wa', '=', noWa)
    .where('last_sent_at', '<=', now - OTP_LIMITS.resendMs)
    .where('locked_until', '<=', now)
    .where((eb) => eb.or([eb('hour_start', '<=', now - HOUR), eb('hour_count', '<', OTP_LIMITS.perHour)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a number's new code; any previous one is void from now on (a resend replaces it). */
export async function storeCode(
  db: Kysely<Database>,
  noWa: string,
  codeHash: string,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('otp_code')
    .values({ no_wa: noWa, code_hash: codeHash, expires_at: expiresAt, tries: 0 })
    .onConflict((oc) =>
      oc.column('no_wa').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, tries: 0 }),
    )
    .execute();
}

/** Uses up one try of a number's live code and answers its hash, or null when no live code is left. */
export async function claimTry(db: Kysely<Database>, noWa: string, now: number): Promise<string | null> {
  const row = await db
    .updateTable('otp_code')
    .set({ tries: sql`tries + 1` })
    .where('no_wa', '=', noWa)
    .where('expires_at', '>', now)
    .where('tries', '<', OTP_LIMITS.triesPerCode)
    .returning('code_hash')
    .executeTakeFirst();
  return row?.code_hash ?? null;
}

/** Deletes the code that matched; true for the one request that wins it (single use). */
export async function takeCode(db: Kysely<Database>, noWa: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('otp_code')
    .where('no_wa', '=', noWa)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Counts a failed check; the 10th within a lock period locks the number for an hour. A resend
 * does not reset this count; an expired lock starts it again.
 */
export async function recordFailure(
  db: Kysely<Database>,
  noWa: string,
  now: number,
): Promise<{ lockedUntil: number }> {
  const lockOver = sql<boolean>`locked_until > 0 and locked_until <= ${now}`;
  const row = await db
    .updateTable('otp_state')
    .set({
      failures: sql`case when ${lockOver} then 1 else failures + 1 end`,
      locked_until: sql`case when ${lockOver} then 0 when failures + 1 >= ${OTP_LIMITS.failuresToLock} then ${now + OTP_LIMITS.lockMs} else locked_until end`,
    })
    .where('no_wa', '=', noWa)
    .returning('locked_until')
    .executeTakeFirstOrThrow();
  return { lockedUntil: row.locked_until };
}

/** Clears a number's failures after a successful login. */
export async function clearFailures(db: Kysely<Database>, noWa: string): Promise<void> {
  await db.updateTable('otp_state').set({ failures: 0, locked_until: 0 }).where('no_wa', '=', noWa).execute();
}

/** Counts a hit in a fixed window; answers the count so far in the current window. */
export async function hitWindow(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: number,
): Promise<number> {
  const expired = sql<boolean>`rate_hit.window_start <= ${now - windowMs}`;
  const row = await db
    .insertInto('rate_hit')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${expired} then 1 else rate_hit.count + 1 end`,
        window_start: sql`case when ${expired} then ${now} else rate_hit.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Forgets per-IP windows that ended before a time. */
export async function pruneRateHits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_hit').where('window_start', '<', before).execute();
}
