import { getSession } from './session';

// How many writes the signed-in examiner's outbox holds (waiting or refused), and how many of them
// the server refused, kept current by the outbox (lib/outbox/unsent-count.ts) so that every API
// call can report them in OUTBOX_HEADER and OUTBOX_DITOLAK_HEADER without reading IndexedDB
// (DESIGN §10, docs/decisions/041 and 125). Kept apart from the outbox so the login's first load
// carries none of it.

let counted: { examinerId: string; count: number; ditolak: number } | null = null;

/** Stores the outbox count of an examiner and how many of those the server refused. */
export function setOutboxCount(examinerId: string, count: number, ditolak: number): void {
  counted = { examinerId, count, ditolak };
}

/** The signed-in examiner's outbox count, or null while it is not known (then nothing is reported). */
export function outboxCount(): number | null {
  return countedNow()?.count ?? null;
}

/** How many of those the server refused (docs/decisions/125), or null while not known. */
export function outboxDitolakCount(): number | null {
  return countedNow()?.ditolak ?? null;
}

function countedNow() {
  const examinerId = getSession().examiner?.id_pemilih;
  return counted && examinerId && counted.examinerId === examinerId ? counted : null;
}
