import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, WaPesanTable } from '../../db/types';

// The only SQL of the WhatsApp queue, wa_pesan (docs/decisions/138).

const EXPIRED = 'kode kedaluwarsa sebelum terkirim';
const REPLACED = 'diganti kode yang lebih baru';

/** A message's delivery state. */
export type WaStatus = 'antre' | 'terkirim' | 'gagal';

/** A message as the queue keeps it. */
export type WaPesanRow = Pick<
  Selectable<WaPesanTable>,
  | 'id'
  | 'no_wa'
  | 'id_pemilih'
  | 'jenis'
  | 'status'
  | 'isi'
  | 'kode'
  | 'alasan'
  | 'percobaan'
  | 'berikut_at'
  | 'kedaluwarsa_at'
>;

/** A message to queue. */
export interface NewWaPesan {
  noWa: string;
  idPemilih: number | null;
  jenis: string;
  isi: string;
  kode: string | null;
  gateway: string;
  kedaluwarsaAt: number | null;
}

/** Queues a message, due at once; a waiting login code of the same number is given up first (the new code replaces it). */
export async function insertWaPesan(db: Kysely<Database>, pesan: NewWaPesan, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (pesan.jenis === 'otp')
      await trx
        .updateTable('wa_pesan')
        .set({
          status: 'gagal',
          alasan: REPLACED,
          isi: null,
          kode: null,
          diperbarui_at: now,
        })
        .where('no_wa', '=', pesan.noWa)
        .where('jenis', '=', 'otp')
        .where('status', '=', 'antre')
        .execute();
    const row = await trx
      .insertInto('wa_pesan')
      .values({
        no_wa: pesan.noWa,
        id_pemilih: pesan.idPemilih,
        jenis: pesan.jenis,
        status: 'antre',
        isi: pesan.isi,
        kode: pesan.kode,
        alasan: null,
        gateway: pesan.gateway,
        id_gateway: null,
        percobaan: 0,
        berikut_at: now,
        kedaluwarsa_at: pesan.kedaluwarsaAt,
        dibuat_at: now,
        diperbarui_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Gives up every waiting message past its end, emptying it: an expired code is never sent nor kept. */
export async function expireWaPesan(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .updateTable('wa_pesan')
    .set({
      status: 'gagal',
      // The last try's reason stays in front: "gateway tidak menjawab …; kode kedaluwarsa …".
      alasan: sql<string>`coalesce(alasan || '; ', '') || ${EXPIRED}`,
      isi: null,
      kode: null,
      diperbarui_at: now,
    })
    .where('status', '=', 'antre')
    .where('kedaluwarsa_at', 'is not', null)
    .where('kedaluwarsa_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The waiting messages due now, oldest first. */
export async function findDueWaPesan(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<WaPesanRow[]> {
  return db
    .selectFrom('wa_pesan')
    .select([
      'id',
      'no_wa',
      'id_pemilih',
      'jenis',
      'status',
      'isi',
      'kode',
      'alasan',
      'percobaan',
      'berikut_at',
      'kedaluwarsa_at',
    ])
    .where('status', '=', 'antre')
    .where('berikut_at', '<=', now)
    .where((eb) => eb.or([eb('kedaluwarsa_at', 'is', null), eb('kedaluwarsa_at', '>', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a due message for one try by moving its next try to `until`; false when another process
 * took it first (its berikut_at is no longer the one read).
 */
export async function claimWaPesan(db: Kysely<Database>, row: WaPesanRow, until: number): Promise<boolean> {
  const result = await db
    .updateTable('wa_pesan')
    .set({ berikut_at: until })
    .where('id', '=', row.id)
    .where('status', '=', 'antre')
    .where('berikut_at', '=', row.berikut_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The gateway took the message: its text goes. */
export async function markWaTerkirim(
  db: Kysely<Database>,
  id: number,
  percobaan: number,
  idGateway: string | undefined,
  now: number,
): Promise<void> {
  await db
    .updateTable('wa_pesan')
    .set({
      status: 'terkirim',
      isi: null,
      kode: null,
      alasan: null,
      percobaan,
      id_gateway: idGateway ?? null,
      diperbarui_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A try failed and another is due at `berikutAt`. */
export async function markWaRetry(
  db: Kysely<Database>,
  id: number,
  percobaan: number,
  alasan: string,
  berikutAt: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('wa_pesan')
    .set({ percobaan, alasan, berikut_at: berikutAt, diperbarui_at: now })
    .where('id', '=', id)
    .where('status', '=', 'antre')
    .execute();
}

/** The message is given up: its text goes, the reason stays. */
export async function markWaGagal(
  db: Kysely<Database>,
  id: number,
  percobaan: number,
  alasan: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('wa_pesan')
    .set({ status: 'gagal', percobaan, alasan, isi: null, kode: null, diperbarui_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * What the gateway made of the messages it was given since `since`, the newest first: taken
 * (terkirim) or a failed try (a reason while it waits, or given up); never a code replaced or
 * expired before any try, which says nothing of the gateway.
 */
export async function findWaHasilTerakhir(
  db: Kysely<Database>,
  since: number,
  limit: number,
): Promise<Pick<WaPesanRow, 'no_wa' | 'status'>[]> {
  return db
    .selectFrom('wa_pesan')
    .select(['no_wa', 'status'])
    .where('diperbarui_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'terkirim'),
        eb.and([eb('alasan', 'is not', null), eb('alasan', 'not in', [REPLACED, EXPIRED])]),
      ]),
    )
    .orderBy('diperbarui_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many messages are in each state (the /metrics gauges, docs/decisions/163). */
export async function countWaPesanPerStatus(db: Kysely<Database>): Promise<Record<WaStatus, number>> {
  const rows = await db
    .selectFrom('wa_pesan')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<WaStatus, number> = { antre: 0, terkirim: 0, gagal: 0 };
  for (const row of rows) counts[row.status as WaStatus] = Number(row.n);
  return counts;
}

/** A message's state, by id (tests and the console read it). */
export async function findWaPesan(db: Kysely<Database>, id: number) {
  return db.selectFrom('wa_pesan').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Each examiner's last message (by their number), the newest change first. */
export async function lastWaPesanPerPenguji(db: Kysely<Database>, idOrganisasi: number) {
  return db
    .selectFrom('wa_pesan as w')
    .innerJoin('penguji as p', (join) =>
      join.onRef('p.no_wa', '=', 'w.no_wa').on('p.id_organisasi', '=', idOrganisasi),
    )
    .select([
      'p.id_pemilih',
      'p.nama',
      'w.no_wa',
      'w.jenis',
      'w.status',
      'w.alasan',
      'w.percobaan',
      'w.diperbarui_at',
    ])
    .where('w.id', 'in', (eb) =>
      eb
        .selectFrom('wa_pesan')
        .select((e) => e.fn.max('id').as('id'))
        .groupBy('no_wa'),
    )
    .orderBy('w.diperbarui_at', 'desc')
    .orderBy('w.id', 'desc')
    .execute();
}
