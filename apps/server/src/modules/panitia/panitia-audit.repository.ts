import { AUDIT_PAGE_SIZE } from '@ukt/core';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/types';

/** The filters of the audit page, all optional but the organisation; times as ISO text. */
export interface AuditFilter {
  idOrganisasi: number;
  idUkt?: number | undefined;
  idSiswa?: number | undefined;
  idPemilih?: number | undefined;
  field?: string | undefined;
  dari?: string | undefined;
  sampai?: string | undefined;
}

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log' | 'ukt', O>, f: AuditFilter) {
  let q = query.where('ukt.id_organisasi', '=', f.idOrganisasi);
  if (f.idUkt !== undefined) q = q.where('audit_log.id_ukt', '=', f.idUkt);
  if (f.idSiswa !== undefined) q = q.where('audit_log.id_siswa', '=', f.idSiswa);
  if (f.idPemilih !== undefined) q = q.where('audit_log.id_pemilih', '=', f.idPemilih);
  if (f.field !== undefined) q = q.where('audit_log.field', '=', f.field);
  if (f.dari !== undefined) q = q.where('audit_log.at', '>=', f.dari);
  if (f.sampai !== undefined) q = q.where('audit_log.at', '<=', f.sampai);
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
