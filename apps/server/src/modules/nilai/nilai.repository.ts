import { type Insertable, type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { prepareCall, preparedOf } from '../../db/prepared';
import type { Database, NilaiTable } from '../../db/types';
import type { AuthPenguji } from '../../plugins/context';

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

/**
 * The score record of a key as it is now, row-locked until the transaction ends, created with
 * zeros first when it was never written (docs/decisions/108). An upsert that changes nothing is
 * what takes the lock: unlike SELECT … FOR UPDATE it also locks a record that does not exist yet,
 * so two first writes of one key wait for each other too. On PostgreSQL a concurrent write of the
 * key waits here until this transaction commits and then reads what it left; on SQLite write
 * transactions run one at a time anyway.
 */
export function lockNilai(trx: Transaction<Database>, key: NilaiKey, now: string) {
  return trx
    .insertInto('nilai')
    .values({ ...key, created_at: now, update_at: now, del: 0 } as Insertable<NilaiTable>)
    .onConflict((oc) =>
      oc
        .columns(['id_siswa', 'id_ukt', 'id_tingkat'])
        .doUpdateSet((eb) => ({ update_at: eb.ref('nilai.update_at') })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
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

/**
 * The KESHAN scores (nilai_kshan) of some participants at a belt in one event, where a record
 * exists, row-locked on PostgreSQL until the transaction ends: a correction racing a re-grading
 * waits for it and is audited with the re-graded value (docs/decisions/108).
 */
export function listNilaiKshanForUpdate(db: Db, idUkt: number, idTingkat: number, idSiswa: number[]) {
  const query = db
    .selectFrom('nilai')
    .select(['id_siswa', 'nilai_kshan'])
    .where('id_ukt', '=', idUkt)
    .where('id_tingkat', '=', idTingkat)
    .where('id_siswa', 'in', idSiswa.length ? idSiswa : [-1])
    .orderBy('id_siswa');
  return (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
}

/** Sets nilai_kshan of many records at once (a re-grading), creating a record where none exists. */
export async function upsertNilaiKshanBatch(
  db: Db,
  rows: (NilaiKey & { nilai_kshan: number })[],
  now: string,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('nilai')
    .values(rows.map((r) => ({ ...r, created_at: now, update_at: now, del: 0 }) as Insertable<NilaiTable>))
    .onConflict((oc) =>
      oc.columns(['id_siswa', 'id_ukt', 'id_tingkat']).doUpdateSet((eb) => ({
        nilai_kshan: eb.ref('excluded.nilai_kshan'),
        update_at: eb.ref('excluded.update_at'),
      })),
    )
    .execute();
}

/** What ukt_simpan_nilai is given: the examiner, the key's idempotency, the record and its values. */
export interface SimpanNilaiArgs {
  examiner: AuthPenguji;
  /** The Idempotency-Key, its request's hash, the answer to keep, now (ms) and when an unanswered key counts as dead. */
  idempotency: { key: string; hash: string; answer: string; nowMs: number; staleMs: number } | undefined;
  /** True when Node refused the write without the database (its error is thrown after the key's look-up). */
  refused: boolean;
  key: NilaiKey;
  /** The post flag whose holder may write the group. */
  post: string;
  values: NilaiValues;
  at: string;
  source: string;
  reason: string | null;
}

/**
 * How ukt_simpan_nilai answered: 'ok' (written, answer kept), 'ulang' (the key's kept answer in
 * `jawaban` with its status), or a refusal's code ('beda', 'diproses', 'ditolak', 'kegiatan',
 * 'siswa', 'luar', 'mundur', 'dipegang' with the holder, 'disahkan').
 */
export interface SimpanNilaiResult {
  hasil_status: number;
  hasil_kode: string;
  hasil_pemegang: number | null;
  hasil_jawaban: string | null;
}

/** ukt_simpan_nilai's argument types, in order (the values below follow them). */
const SIMPAN_NILAI_TYPES = [
  'integer',
  'text',
  'text',
  'bigint',
  'bigint',
  'text',
  'boolean',
  'integer',
  'boolean',
  'integer',
  'integer',
  'integer',
  'integer',
  'integer',
  'text',
  'json',
  'text',
  'text',
  'text',
];

/**
 * An examiner's score write on PostgreSQL as one statement in autocommit: key, checks, row lock,
 * values, audit rows and the kept answer in one round trip and one commit (docs/decisions/116).
 */
export async function simpanNilai(db: Kysely<Database>, a: SimpanNilaiArgs): Promise<SimpanNilaiResult> {
  const i = a.idempotency;
  const e = a.examiner;
  const query = preparedOf(db, 'ukt-simpan-nilai', () =>
    prepareCall<SimpanNilaiResult>(db, 'ukt_simpan_nilai', SIMPAN_NILAI_TYPES, 'outbox'),
  );
  const rows = await query(
    e.id_pemilih,
    i?.key ?? null,
    i?.hash ?? null,
    i?.nowMs ?? 0,
    i?.staleMs ?? 0,
    i?.answer ?? null,
    a.refused,
    e.id_organisasi,
    e.isAdmin,
    e.id_perwapus,
    e.id_cabang,
    a.key.id_siswa,
    a.key.id_ukt,
    a.key.id_tingkat,
    a.post,
    JSON.stringify(a.values),
    a.at,
    a.source,
    a.reason,
  );
  return rows[0] as SimpanNilaiResult;
}

/** Which of an event's participants (by id_siswa) have a score that is not deleted. */
export async function siswaWithNilai(db: Db, idUkt: number, idSiswas: number[]): Promise<number[]> {
  if (!idSiswas.length) return [];
  const rows = await db
    .selectFrom('nilai')
    .select('id_siswa')
    .distinct()
    .where('id_ukt', '=', idUkt)
    .where('del', '=', 0)
    .where('id_siswa', 'in', idSiswas)
    .execute();
  return rows.map((r) => Number(r.id_siswa));
}
