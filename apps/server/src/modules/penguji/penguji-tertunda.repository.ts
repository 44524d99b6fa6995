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
      oc
        .column('id_pemilih')
        .doUpdateSet({ jumlah: row.jumlah, ditolak: row.ditolak, at: row.at, id_ukt: idUkt }),
    )
    .execute();
  return before;
}

/**
 * Every examiner of an organisation with their name and their phone's last outbox report, if any
 * (the progress page picks who took, scored or reported for its event).
 */
export function pengujiReportsQuery(db: Kysely<Database>, idOrganisasi: number) {
  return db
    .selectFrom('penguji')
    .leftJoin('penguji_tertunda', 'penguji_tertunda.id_pemilih', 'penguji.id_pemilih')
    .select([
      'penguji.id_pemilih',
      'penguji.nama',
      'penguji_tertunda.jumlah',
      'penguji_tertunda.ditolak',
      'penguji_tertunda.at',
      'penguji_tertunda.id_ukt',
    ])
    .where('penguji.id_organisasi', '=', idOrganisasi);
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
