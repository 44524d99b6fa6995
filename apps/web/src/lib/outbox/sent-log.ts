// Which participants had writes received by the server from this phone, so the hub can say
// 'terkirim' (all sent) rather than nothing once their last pending item leaves the outbox.
// localStorage: small, synchronous, and cleared with everything else at logout.
const KEY = 'terkirim';
const MAX = 500;

function read(): Record<string, string[]> {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string[]>) ?? {};
  } catch {
    return {};
  }
}

/** Notes that a write about a participant reached the server. */
export function recordSent(examinerId: string, participantId: string): void {
  const log = read();
  const ids = (log[examinerId] ?? []).filter((id) => id !== participantId);
  log[examinerId] = [...ids, participantId].slice(-MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(log));
  } catch {
    // storage full: the mark is a convenience, the score itself is on the server
  }
}

/** True when something about the participant was received by the server from this phone. */
export function wasSent(examinerId: string, participantId: string): boolean {
  return read()[examinerId]?.includes(participantId) ?? false;
}
