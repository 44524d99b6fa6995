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
  hourMs: HOUR,
  ttlMs: 5 * MINUTE,
  triesPerCode: 5,
  failuresToLock: 10,
  lockMs: HOUR,
};

/** Makes sure a number has a limit-state row. */
export async function ensureOtpState(db: Kysely<Database>, noWa: string): Promise<void> {
  await db
    .insertInto('otp_state')
    .values({ no_wa: noWa, last_sent_at: 0, failures: 0, locked_until: 0 })
    .onConflict((oc) => oc.column('no_wa').doNothing())
    .execute();
}

/** The limit state of a number. */
export function readOtpState(db: Kysely<Database>, noWa: string) {
  return db.selectFrom('otp_state').selectAll().where('no_wa', '=', noWa).executeTakeFirstOrThrow();
}

/** When a number's sends within the hour before `now` were made, oldest first. */
export async function sendsWithinHour(db: Kysely<Database>, noWa: string, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('otp_send')
    .select('sent_at')
    .where('no_wa', '=', noWa)
    .where('sent_at', '>', now - OTP_LIMITS.hourMs)
    .orderBy('sent_at')
    .execute();
  return rows.map((r) => r.sent_at);
}

/**
 * Takes a send slot: false when the number is locked, sent within 60 s, or already sent 5 codes in
 * the sliding hour before now. The conditional update of the number's row is what serialises two
 * processes asking at once (the 60 s rule lets only one through); the send is then logged.
 */
export async function claimSend(db: Kysely<Database>, noWa: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('otp_state')
      .set({ last_sent_at: now })
      .where('no_wa', '=', noWa)
      .where('last_sent_at', '<=', now - OTP_LIMITS.resendMs)
      .where('locked_until', '<=', now)
      .where(
        (eb) =>
          eb
            .selectFrom('otp_send')
            .select(eb.fn.countAll<number>().as('n'))
            .where('otp_send.no_wa', '=', noWa)
            .where('otp_send.sent_at', '>', now - OTP_LIMITS.hourMs),
        '<',
        OTP_LIMITS.perHour,
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.insertInto('otp_send').values({ no_wa: noWa, sent_at: now }).execute();
    return true;
  });
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

/** Forgets per-IP windows that ended, and code sends made, before a time. */
export async function pruneRateHits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_hit').where('window_start', '<', before).execute();
  await db.deleteFrom('otp_send').where('sent_at', '<', before).execute();
}
