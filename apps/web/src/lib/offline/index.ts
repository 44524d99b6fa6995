import type { Belt, Examiner } from '@ukt/core';
import { cacheRoster } from './roster-cache';
import { cacheSoal } from './soal-cache';

export {
  cachedRegionOptions,
  cachedRoster,
  cachedRosterPage,
  cacheRoster,
  markTakenInRoster,
} from './roster-cache';
export type { RegionLevel, RosterQuery } from './roster-page';
export { komponenOfScore, toSiswaRow } from './roster-page';
export { cachedSoal } from './soal-cache';

/**
 * Loads what picking and scoring need with no signal (DESIGN §7): the event's whole roster, in one
 * request, and the belt's KESHAN questions. Best effort: a failure keeps the previous copy. The
 * exams' item lists are part of the app itself (packages/core), which the service worker keeps.
 */
export async function warmEventCache(
  idUkt: number,
  belt: Belt,
  examiner: Examiner,
  signal?: AbortSignal,
): Promise<void> {
  await Promise.allSettled([cacheRoster(idUkt, examiner, signal), cacheSoal(belt, signal)]);
}
