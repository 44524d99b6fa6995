import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AuditTable, Database, NilaiTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The key of a score record: a participant at a belt level in an event. */
export interface NilaiKey {
  id_siswa: number;
  id_ukt: number;
  id_tingkat: number;
}

/** Score columns a write may set. */
export type NilaiValues = Partial<
  Omit<NilaiTable, 'id_nilai' | 'id_siswa' | 'id_ukt' | 'id_tingkat' | 'created_at' | 'update_at' | 'del'>
>;

/** The score record of a key, if one was ever written. */
export function findNilai(db: Db, key: NilaiKey) {
  return db
    .selectFrom('nilai')
    .selectAll()
    .where('id_siswa', '=', key.id_siswa)
    .where('id_ukt', '=', key.id_ukt)
    .where('id_tingkat', '=', key.id_tingkat)
    .executeTakeFirst();
}

/** Writes some score columns of a record, creating it with zeros elsewhere; other columns stay as they are. */
export async function upsertNilai(db: Db, key: NilaiKey, values: NilaiValues, now: string): Promise<void> {
  await db
    .insertInto('nilai')
    .values({ ...key, ...values, created_at: now, update_at: now, del: 0 } as Insertable<NilaiTable>)
    .onConflict((oc) =>
      oc.columns(['id_siswa', 'id_ukt', 'id_tingkat']).doUpdateSet({ ...values, update_at: now }),
    )
    .execute();
}

/** Appends rows to the audit log. */
export async function insertAudit(db: Db, rows: Insertable<AuditTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}

/** The audit trail of a participant in an event, oldest first. */
export function listAudit(db: Db, idSiswa: number, idUkt: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('id_siswa', '=', idSiswa)
    .where('id_ukt', '=', idUkt)
    .orderBy('id')
    .execute();
}
