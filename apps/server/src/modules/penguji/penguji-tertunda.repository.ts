import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PengujiTertundaTable } from '../../db/types';

/** An examiner's last outbox report as stored. */
export type PengujiTertundaRow = Selectable<PengujiTertundaTable>;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores an examiner's outbox report (one row each), keeping the event reported before when this
 * request named none; answers the row as it was before, if any.
 */
export async function upsertPengujiTertunda(
  trx: Transaction<Database>,
  row: PengujiTertundaRow,
): Promise<PengujiTertundaRow | undefined> {
  const before = await trx
    .selectFrom('penguji_tertunda')
    .selectAll()
    .where('id_pemilih', '=', row.id_pemilih)
    .executeTakeFirst();
  const idUkt = row.id_ukt ?? before?.id_ukt ?? null;
  await trx
    .insertInto('penguji_tertunda')
    .values({ ...row, id_ukt: idUkt })
    .onConflict((oc) =>
      oc.column('id_pemilih').doUpdateSet({ jumlah: row.jumlah, at: row.at, id_ukt: idUkt }),
    )
    .execute();
  return before;
}

/** The outbox reports of the given examiners and of every examiner whose report named the event. */
export function listTertunda(db: Db, idUkt: number, idPemilih: number[]) {
  return db
    .selectFrom('penguji_tertunda')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('penguji_tertunda.id_ukt', '=', idUkt),
        eb('penguji_tertunda.id_pemilih', 'in', idPemilih.length ? idPemilih : [-1]),
      ]),
    )
    .execute();
}

/** The scores examiners' phones last reported still holding for the event, and how many phones. */
export async function sumTertunda(db: Db, idUkt: number): Promise<{ hp: number; nilai: number }> {
  const row = await db
    .selectFrom('penguji_tertunda')
    .select((eb) => [eb.fn.countAll().as('hp'), eb.fn.sum<number | string | null>('jumlah').as('nilai')])
    .where('id_ukt', '=', idUkt)
    .where('jumlah', '>', 0)
    .executeTakeFirst();
  return { hp: Number(row?.hp ?? 0), nilai: Number(row?.nilai ?? 0) };
}
