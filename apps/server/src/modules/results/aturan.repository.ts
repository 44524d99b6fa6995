import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AturanLulusTable, Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The current (highest) stored version of an event's pass rule, if it has one. */
export function findAturanTerkini(db: Db, idUkt: number) {
  return aturanTerkiniQuery(db, idUkt).executeTakeFirst();
}

/** The query of findAturanTerkini, to read beside others (db/read-together.ts). */
export function aturanTerkiniQuery(db: Db, idUkt: number) {
  return db
    .selectFrom('aturan_lulus')
    .leftJoin('penguji', 'penguji.id_pemilih', 'aturan_lulus.id_pemilih')
    .select([
      'aturan_lulus.versi',
      'aturan_lulus.aturan',
      'aturan_lulus.created_at',
      'penguji.nama as diubah_oleh',
    ])
    .where('aturan_lulus.id_ukt', '=', idUkt)
    .orderBy('aturan_lulus.versi', 'desc')
    .limit(1);
}

/** Stores a version of an event's pass rule (the unique (id_ukt, versi) refuses a duplicate). */
export async function insertAturan(db: Db, values: Insertable<AturanLulusTable>): Promise<void> {
  await db.insertInto('aturan_lulus').values(values).execute();
}
