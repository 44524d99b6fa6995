import { API } from '@ukt/core';
import { apiGet } from '../api-client';
import { refreshUnsentCount } from './unsent-count';

/**
 * Tells the server at once how many of the phone's writes it refused (docs/decisions/125). A
 * refused send reported only the items besides it, so after a pass that had one refused, a light
 * call carries the whole count to the committee's progress page: the event list, which names no
 * event, so the report stays with the event of the refused write. Best effort.
 */
export async function reportRefusals(): Promise<void> {
  await refreshUnsentCount();
  await apiGet(API.kegiatan.href()).catch(() => undefined);
}
