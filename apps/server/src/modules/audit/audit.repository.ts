import { AUDIT_PAGE_SIZE, AUDIT_SCORE_FIELDS } from '@ukt/core';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/types';
import { searchForm } from '../siswa/siswa.repository';

/** The filters of the audit page, all optional but the organisation; times as ISO text. */
export interface AuditFilter {
  idOrganisasi: number;
  idUkt?: number | undefined;
  idSiswa?: number | undefined;
  idPemilih?: number | undefined;
  field?: string | undefined;
  dari?: string | undefined;
  sampai?: string | undefined;
  /** A participant's name (part of it) or number; '' for everyone. */
  cari?: string | undefined;
  /** Also the rows that only record a first save's default (nothing → 0 of a field not in AUDIT_SCORE_FIELDS). */
  bawaan?: boolean;
}

/** A LIKE pattern for text anywhere, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log' | 'ukt', O>, f: AuditFilter) {
  let q = query.where('ukt.id_organisasi', '=', f.idOrganisasi);
  if (f.idUkt !== undefined) q = q.where('audit_log.id_ukt', '=', f.idUkt);
  if (f.idSiswa !== undefined) q = q.where('audit_log.id_siswa', '=', f.idSiswa);
  if (f.idPemilih !== undefined) q = q.where('audit_log.id_pemilih', '=', f.idPemilih);
  if (f.field !== undefined) q = q.where('audit_log.field', '=', f.field);
  if (f.dari !== undefined) q = q.where('audit_log.at', '>=', f.dari);
  if (f.sampai !== undefined) q = q.where('audit_log.at', '<=', f.sampai);
  if (f.cari) {
    const like = sql<boolean>`siswa.nama_cari like ${contains(searchForm(f.cari))} escape '\\'`;
    const number = /^\d{1,9}$/.test(f.cari) ? Number(f.cari) : undefined;
    q = q.where('audit_log.id_siswa', 'in', (eb) =>
      eb
        .selectFrom('siswa')
        .select('siswa.id_siswa')
        .$if(f.idUkt !== undefined, (w) => w.where('siswa.id_ukt', '=', f.idUkt as number))
        .where((w) => (number === undefined ? like : w.or([like, w('siswa.no_urut', '=', number)]))),
    );
  }
  if (!f.bawaan) {
    // Leaves out a first save's defaults: nothing → 0 of a field that holds no component's score.
    q = q.where((eb) =>
      eb.or([
        eb('audit_log.old_value', 'is not', null),
        eb('audit_log.new_value', '!=', 0),
        eb('audit_log.field', 'in', [...AUDIT_SCORE_FIELDS, 'sahkan']),
      ]),
    );
  }
  return q;
}

const ofOrganisasi = (db: Kysely<Database>) =>
  db.selectFrom('audit_log').innerJoin('ukt', 'ukt.id_ukt', 'audit_log.id_ukt');

/** One page of audit rows, newest first, with the participant's and the examiner's names. */
export function findAuditPage(db: Kysely<Database>, f: AuditFilter, hal: number) {
  return filtered(ofOrganisasi(db), f)
    .leftJoin('siswa', 'siswa.id_siswa', 'audit_log.id_siswa')
    .leftJoin('penguji', 'penguji.id_pemilih', 'audit_log.id_pemilih')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.id_ukt',
      'audit_log.id_siswa',
      'siswa.nama as siswa',
      'audit_log.id_pemilih',
      'penguji.nama as penguji',
      'audit_log.field',
      'audit_log.id_tingkat',
      'audit_log.old_value',
      'audit_log.new_value',
      'audit_log.reason',
      'audit_log.source',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((hal - 1) * AUDIT_PAGE_SIZE)
    .execute();
}

/** How many audit rows match the filters. */
export async function countAudit(db: Kysely<Database>, f: AuditFilter): Promise<number> {
  const row = await filtered(ofOrganisasi(db), f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
