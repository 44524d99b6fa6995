import { useQuery } from '@tanstack/react-query';
import { API, apiResult, Organisasi } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';
import { ORG_ID } from '../../../lib/config';
import { useSession } from '../../../lib/session';

const OrganisasiAnswer = apiResult(Organisasi);

/** GET /organisasi/{id}: the organisation's public record, with the current announcement and banners. */
export async function getOrganisasi(signal?: AbortSignal): Promise<Organisasi> {
  const answer = OrganisasiAnswer.safeParse(
    await apiGet<unknown>(API.organisasi.href(ORG_ID), undefined, signal ? { signal } : undefined),
  );
  if (!answer.success) throw new Error('Data organisasi tidak dapat dibaca.');
  return answer.data.data;
}

/**
 * The organisation as the hub shows it: read afresh on each visit, because the committee changes the
 * announcement and banners during the day (DESIGN §9); the copy from the sign-in until it arrives,
 * and with no signal.
 */
export function useHubOrganisasi(): Organisasi | null {
  const { organisasi } = useSession();
  const fresh = useQuery({
    queryKey: ['organisasi', ORG_ID],
    queryFn: ({ signal }) => getOrganisasi(signal),
    staleTime: 60_000,
    retry: 1,
  });
  return fresh.data ?? organisasi;
}
