import type { Kysely, Transaction } from 'kysely';
import type { CadanganGagalTable, Database } from '../../db/types';

// The last failed scheduled backup of each backup folder, one row per folder, read by every server
// process on the database (docs/decisions/122).

type Db = Kysely<Database> | Transaction<Database>;

/** Keeps the failure of a folder's scheduled backup, replacing the folder's earlier one. */
export async function upsertCadanganGagal(db: Db, row: CadanganGagalTable): Promise<void> {
  await db
    .insertInto('cadangan_gagal')
    .values(row)
    .onConflict((oc) => oc.column('folder').doUpdateSet({ gagal_at: row.gagal_at, pesan: row.pesan }))
    .execute();
}

/** Forgets a folder's failure: its scheduled backup has succeeded. */
export async function deleteCadanganGagal(db: Db, folder: string): Promise<void> {
  await db.deleteFrom('cadangan_gagal').where('folder', '=', folder).execute();
}

/** Every folder's last failure, newest first. */
export async function listCadanganGagal(db: Db): Promise<CadanganGagalTable[]> {
  return db.selectFrom('cadangan_gagal').selectAll().orderBy('gagal_at', 'desc').execute();
}
