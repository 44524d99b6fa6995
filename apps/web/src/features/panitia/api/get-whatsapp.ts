import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, WaPesanList } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

const WaAnswer = apiResult(WaPesanList);

/** How often the page asks again while a message waits in the queue (the gateway sends one after another). */
export const WA_POLL_MS = 3_000;

/** GET /panitia/whatsapp: each examiner's last WhatsApp message and whether a gateway is set. */
export async function getWhatsapp(signal?: AbortSignal): Promise<WaPesanList> {
  const answer = WaAnswer.safeParse(
    await apiGet<unknown>(API.panitia.whatsapp.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Status pesan WhatsApp tidak dapat dibaca.');
  return answer.data.data;
}

/**
 * The examiners' last WhatsApp messages, read again every few seconds while one still waits
 * (or while `poll` asks for it), else every `idleMs`.
 */
export function useWhatsapp({ poll = false, idleMs = 60_000 }: { poll?: boolean; idleMs?: number } = {}) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'whatsapp'],
      queryFn: ({ signal }) => getWhatsapp(signal),
      refetchInterval: (query) => (poll || (query.state.data?.antre ?? 0) > 0 ? WA_POLL_MS : idleMs),
    }),
  );
}
