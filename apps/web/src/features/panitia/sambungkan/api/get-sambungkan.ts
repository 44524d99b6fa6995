import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, Sambungkan } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const SambungkanAnswer = apiResult(Sambungkan);

/** GET /panitia/sambungkan: the app's address (PUBLIC_URL), the root certificate's download and its fingerprint. */
export async function getSambungkan(signal?: AbortSignal): Promise<Sambungkan> {
  const answer = SambungkanAnswer.safeParse(
    await apiGet<unknown>(API.panitia.sambungkan.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Alamat aplikasi tidak dapat dibaca.');
  return answer.data.data;
}

/**
 * The addresses with their loading and error state. The addresses change only when the server
 * restarts, but the certificate is read again on each visit: the committee may just have started
 * Caddy or changed its set-up.
 */
export function useSambungkan() {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'sambungkan'],
      queryFn: ({ signal }) => getSambungkan(signal),
      staleTime: 0,
    }),
  );
}
