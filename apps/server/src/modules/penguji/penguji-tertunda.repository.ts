import type { Selectable, Transaction } from 'kysely';
import type { Database, PengujiTertundaTable } from '../../db/types';

/** An examiner's last outbox report as stored. */
export type PengujiTertundaRow = Selectable<PengujiTertundaTable>;

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
