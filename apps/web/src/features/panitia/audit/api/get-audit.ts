import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, AuditList } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

/** What the audit log is asked for ('' : no filter; dari/sampai as ISO times). */
export interface AuditFilter {
  id_ukt: string;
  id_siswa: string;
  id_pemilih: string;
  field: string;
  dari: string;
  sampai: string;
  hal: number;
  /** A participant's name or number. */
  cari: string;
  /** '1': also the defaults a first save filled in. */
  bawaan: '0' | '1';
}

/** GET /panitia/audit: a page of score changes, newest first. */
export async function getAudit(filter: AuditFilter, signal?: AbortSignal) {
  // An empty filter is left out: the server checks each one it is sent.
  const query = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, v === '' ? undefined : v]));
  const answer = AuditList.safeParse(await apiGet<unknown>(API.panitia.audit.href(), query, { signal }));
  if (!answer.success) throw new Error('Log audit tidak dapat dibaca.');
  return answer.data;
}

/** A page of the audit log; the previous page stays on screen, dimmed, while the next loads. */
export function useAudit(filter: AuditFilter) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'audit', filter],
      queryFn: ({ signal }) => getAudit(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
