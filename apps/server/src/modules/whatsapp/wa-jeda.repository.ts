import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';

// The only SQL of wa_jeda: a gateway's pace held by the database, so that every process on every
// machine together sends no faster than WA_JEDA_DETIK (docs/decisions/160).

/** The statement's own time by the database's clock, in ms: machines whose clocks differ still agree on it. */
const databaseNow = (dialect: DialectName) =>
  dialect === 'postgres'
    ? sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;

/**
 * Claims the next start of a message through `gateway`, in one statement: the later of now and the
 * start the last claim left free, and moves the free start one pause on. Answers how many ms to wait
 * before the message may start (0: at once).
 */
export async function claimWaJeda(
  db: Kysely<Database>,
  dialect: DialectName,
  gateway: string,
  pauseMs: number,
): Promise<number> {
  const now = databaseNow(dialect);
  const later = dialect === 'postgres' ? sql`greatest` : sql`max`;
  const row = await db
    .insertInto('wa_jeda')
    .values({ gateway, berikut_at: sql<number>`${now} + ${pauseMs}` })
    .onConflict((oc) =>
      oc
        .column('gateway')
        .doUpdateSet({ berikut_at: sql<number>`${later}(wa_jeda.berikut_at, ${now}) + ${pauseMs}` }),
    )
    .returning(sql<number>`berikut_at - ${pauseMs} - ${now}`.as('tunggu'))
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.tunggu));
}
