import { getSession } from './session';

// How many writes the signed-in examiner's outbox holds (waiting or refused), kept current by the
// outbox (lib/outbox/unsent-count.ts) so that every API call can report it in OUTBOX_HEADER
// without reading IndexedDB (DESIGN §10, docs/decisions/041). Kept apart from the outbox so the
// login's first load carries none of it.

let counted: { examinerId: string; count: number } | null = null;

/** Stores the outbox count of an examiner. */
export function setOutboxCount(examinerId: string, count: number): void {
  counted = { examinerId, count };
}

/** The signed-in examiner's outbox count, or null while it is not known (then nothing is reported). */
export function outboxCount(): number | null {
  const examinerId = getSession().examiner?.id_pemilih;
  return counted && examinerId && counted.examinerId === examinerId ? counted.count : null;
}
