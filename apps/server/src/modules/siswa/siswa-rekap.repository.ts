import { KOMPONEN, KOMPONEN_NILAI, type KomponenKey, komponenTingkat } from '@ukt/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, NilaiTable } from '../../db/types';
import { isWritten } from '../audit/audit.repository';
import { selectSiswaWithRegions } from './siswa.repository';

/** A numeric column of the score record. */
type KolomAngka = { [K in keyof NilaiTable]: NilaiTable[K] extends number ? K : never }[keyof NilaiTable];

/** Region filters of the recap (ids; undefined for no filter). */
export interface RekapRegionFilter {
  id_perwapus?: number | undefined;
  id_cabang?: number | undefined;
  id_ranting?: number | undefined;
  id_rayon?: number | undefined;
}

type From = ExpressionBuilder<Database & { n: NilaiTable; l: NilaiTable }, 'siswa' | 'n' | 'l'>;

/**
 * A component's score of the row's participant, or null when not scored: the score record's
 * column at the component's belt level (`n`: the event's, `l`: KSHAN's level 5), where a stored 0
 * counts only if the audit log has ever had that column written for that participant and level
 * (docs/decisions/040). The audit is looked up only for a 0, one seek in audit_log_ukt_field.
 */
function score(eb: From, idUkt: number, tingkat: number, key: KomponenKey) {
  const field = KOMPONEN_NILAI[key].field as KolomAngka;
  const level = komponenTingkat(key, tingkat);
  const column = eb.ref(`${KOMPONEN_NILAI[key].tingkat === 'kegiatan' ? 'n' : 'l'}.${field}`);
  const written = isWritten(eb, idUkt, { field, tingkat: level });
  return eb
    .case()
    .when(eb.or([eb(column, '<>', 0), written]))
    .then(column)
    .end()
    .$castTo<number | null>()
    .as(key);
}

/**
 * Every participant of an event under the region filters (withdrawn ones flagged), by no_urut,
 * with their region names and every component's score (null: not scored): one query reading the
 * score records at the event's belt and at level 5 (docs/decisions/040). Its audit look-ups lift
 * PostgreSQL's cost estimate past jit_above_cost, so JIT is off for the whole database there.
 */
export function listRekap(db: Kysely<Database>, idUkt: number, tingkat: number, filter: RekapRegionFilter) {
  let query = selectSiswaWithRegions(db)
    .leftJoin('nilai as n', (join) =>
      join
        .onRef('n.id_siswa', '=', 'siswa.id_siswa')
        .on('n.id_ukt', '=', idUkt)
        .on('n.id_tingkat', '=', tingkat)
        .on('n.del', '=', 0),
    )
    .leftJoin('nilai as l', (join) =>
      join
        .onRef('l.id_siswa', '=', 'siswa.id_siswa')
        .on('l.id_ukt', '=', idUkt)
        .on('l.id_tingkat', '=', komponenTingkat('kshan', tingkat))
        .on('l.del', '=', 0),
    )
    .select(['siswa.id_siswa', 'siswa.no_urut', 'siswa.nama', 'siswa.mundur', 'siswa.id_ranting'])
    .select((eb) => KOMPONEN.map(({ key }) => score(eb as unknown as From, idUkt, tingkat, key)))
    .where('siswa.id_ukt', '=', idUkt);
  if (filter.id_perwapus !== undefined) query = query.where('siswa.id_perwapus', '=', filter.id_perwapus);
  if (filter.id_cabang !== undefined) query = query.where('siswa.id_cabang', '=', filter.id_cabang);
  if (filter.id_ranting !== undefined) query = query.where('siswa.id_ranting', '=', filter.id_ranting);
  if (filter.id_rayon !== undefined) query = query.where('siswa.id_rayon', '=', filter.id_rayon);
  return query.orderBy('siswa.no_urut').execute();
}
