import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PanitiaOrganisasi } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

export const OrganisasiAnswer = apiResult(PanitiaOrganisasi);

/** GET /panitia/organisasi: the organisation as the console edits it, with every image slot's URL. */
export async function getOrganisasi(signal?: AbortSignal): Promise<PanitiaOrganisasi> {
  const answer = OrganisasiAnswer.safeParse(
    await apiGet<unknown>(API.panitia.organisasi.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Data organisasi tidak dapat dibaca.');
  return answer.data.data;
}

/** The key of the organisation read; the writes put their answer under it. */
export const ORGANISASI_KEY = ['panitia', 'organisasi'] as const;

/** The organisation with its loading and error state. */
export function useOrganisasiPanitia() {
  return useQuery(queryOptions({ queryKey: ORGANISASI_KEY, queryFn: ({ signal }) => getOrganisasi(signal) }));
}
