import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** An event's numbers on the console's Kegiatan page. */
export interface KegiatanCounts {
  peserta: number;
  penguji: number;
  dinilai: number;
}

const POST_COLUMNS = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'] as const;

/**
 * Counts of an organisation's events (or of one of them), by id_ukt: participants not withdrawn;
 * examiners who took anyone at a post or wrote a score from the app (corrections and imports
 * by the committee are not examining); participants not withdrawn with a score record. Events
 * without participants are missing from the map.
 */
export async function countKegiatan(
  db: Db,
  idOrganisasi: number,
  idUkt?: number,
): Promise<Map<number, KegiatanCounts>> {
  // Each count is a query of the organisation's events with their participants (or audit rows)
  // joined: the events own the question, the other tables are read only through the join.
  const events = db
    .selectFrom('ukt')
    .where('ukt.id_organisasi', '=', idOrganisasi)
    .$if(idUkt !== undefined, (qb) => qb.where('ukt.id_ukt', '=', idUkt as number));
  const participants = events
    .innerJoin('siswa', 'siswa.id_ukt', 'ukt.id_ukt')
    .where('siswa.mundur', '=', 0)
    .groupBy('ukt.id_ukt');

  const peserta = await participants
    .select(['ukt.id_ukt', (eb) => eb.fn.countAll<number | string>().as('n')])
    .execute();

  const dinilai = await participants
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('nilai')
          .select(sql`1`.as('one'))
          .whereRef('nilai.id_siswa', '=', 'siswa.id_siswa')
          .whereRef('nilai.id_ukt', '=', 'siswa.id_ukt')
          .where('nilai.del', '=', 0),
      ),
    )
    .select(['ukt.id_ukt', (eb) => eb.fn.countAll<number | string>().as('n')])
    .execute();

  // Every (event, examiner) pair once: UNION drops the duplicates before the count.
  const [first, ...rest] = POST_COLUMNS.map((column) =>
    events
      .innerJoin('siswa', 'siswa.id_ukt', 'ukt.id_ukt')
      .select(['ukt.id_ukt', sql<number>`${sql.ref(`siswa.${column}`)}`.as('id_pemilih')])
      .where(`siswa.${column}`, 'is not', null),
  );
  let pairs = rest.reduce((union, next) => union.union(next), first as NonNullable<typeof first>);
  pairs = pairs.union(
    events
      .innerJoin('audit_log', 'audit_log.id_ukt', 'ukt.id_ukt')
      .select(['ukt.id_ukt', sql<number>`audit_log.id_pemilih`.as('id_pemilih')])
      .where('audit_log.source', '=', 'aplikasi'),
  );
  const penguji = await db
    .selectFrom(pairs.as('pair'))
    .select(['pair.id_ukt', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('pair.id_ukt')
    .execute();

  const counts = new Map<number, KegiatanCounts>();
  const entry = (id: number) => {
    let found = counts.get(id);
    if (!found) {
      found = { peserta: 0, penguji: 0, dinilai: 0 };
      counts.set(id, found);
    }
    return found;
  };
  for (const r of peserta) entry(Number(r.id_ukt)).peserta = Number(r.n);
  for (const r of dinilai) entry(Number(r.id_ukt)).dinilai = Number(r.n);
  for (const r of penguji) entry(Number(r.id_ukt)).penguji = Number(r.n);
  return counts;
}

/** True when any participant of the event has a score record. */
export async function kegiatanHasNilai(db: Db, idUkt: number): Promise<boolean> {
  const row = await db
    .selectFrom('ukt')
    .innerJoin('siswa', 'siswa.id_ukt', 'ukt.id_ukt')
    .innerJoin('nilai', (join) =>
      join.onRef('nilai.id_siswa', '=', 'siswa.id_siswa').onRef('nilai.id_ukt', '=', 'siswa.id_ukt'),
    )
    .select('nilai.id_nilai')
    .where('ukt.id_ukt', '=', idUkt)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
