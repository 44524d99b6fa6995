import { AUDIT_PAGE_SIZE, type AuditQuery, type AuditRow, type PageMeta } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types';
import type { AuthPenguji } from '../../plugins/context';
import { countAudit, findAuditPage } from './audit.repository';

// Times are stored as toISOString() text; a filter time is brought to the same form, so that text
// order is time order ('…T10:00:00Z' would otherwise sort after '…T10:00:00.500Z').
const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

/** A page of the organisation's audit log (DESIGN §10), newest first, filtered. */
export async function listAuditLog(
  db: Kysely<Database>,
  admin: AuthPenguji,
  query: z.output<typeof AuditQuery>,
): Promise<{ data: AuditRow[]; meta: PageMeta }> {
  const filter = {
    idOrganisasi: admin.id_organisasi,
    idUkt: query.id_ukt,
    idSiswa: query.id_siswa,
    idPemilih: query.id_pemilih,
    field: query.field,
    dari: iso(query.dari),
    sampai: iso(query.sampai),
    cari: query.cari,
    bawaan: query.bawaan === '1',
  };
  const [rows, total] = await Promise.all([findAuditPage(db, filter, query.hal), countAudit(db, filter)]);
  return {
    data: rows.map((r) => ({
      id: String(r.id),
      at: r.at,
      id_ukt: String(r.id_ukt),
      id_siswa: String(r.id_siswa),
      // A change of the whole event (field 'sahkan') names no participant.
      siswa: r.siswa ?? '',
      id_pemilih: String(r.id_pemilih),
      penguji: r.penguji ?? `penguji ${r.id_pemilih}`,
      field: r.field,
      id_tingkat: Number(r.id_tingkat),
      lama: r.old_value === null ? null : Number(r.old_value),
      baru: r.new_value === null ? null : Number(r.new_value),
      alasan: r.reason,
      sumber: r.source,
    })),
    meta: {
      hal: query.hal,
      per_page: AUDIT_PAGE_SIZE,
      total,
      total_pages: Math.ceil(total / AUDIT_PAGE_SIZE),
    },
  };
}
