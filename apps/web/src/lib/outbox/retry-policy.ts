// When a failed send is tried again (docs/decisions/070). Pure, so it is unit-tested.

// DESIGN §4: a retry while the first request with the key still runs is a 409 — not a refusal (the
// first one may have died with a server restart), so it is retried like a network error.
const STILL_RUNNING = /masih diproses/i;

/** True for answers worth retrying later: no network (0), server trouble, timeouts, rate limits, 401. */
export function isTransientStatus(status: number, message: string): boolean {
  if (status === 409) return STILL_RUNNING.test(message);
  // 401: the login is gone, not the score's fault; it waits for the same examiner to log in again.
  return status === 0 || status >= 500 || [401, 408, 425, 429].includes(status);
}

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 30_000;

/**
 * The wait before the next pass after `failures` failed ones in a row: 2 s doubling to 30 s, ±25 %
 * so the phones of a venue that regain the signal together do not retry in step.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

// Retry-After is honoured up to 5 minutes: a wrong header must not park the queue for longer, and
// 'Kirim sekarang', 'online' and the app returning to the foreground send at once anyway.
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * The wait a Retry-After header asks for (DESIGN §4: the server's 503 when its database is away),
 * in ms: delay-seconds or an HTTP date; null when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | null {
  const text = header?.trim();
  if (!text) return null;
  // An HTTP date starts with the day's name ('Sat, 01 Mar 2025 …'); Date.parse alone would take '-3' as a year.
  const ms = /^\d+$/.test(text)
    ? Number(text) * 1000
    : /^[a-z]{3},/i.test(text)
      ? Date.parse(text) - now
      : Number.NaN;
  if (!Number.isFinite(ms)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * The wait before the next pass: the backoff, but never sooner than the server asked (Retry-After),
 * spread by up to a quarter later so phones told the same moment do not all come back at once.
 */
export function nextRetryDelayMs(
  failures: number,
  serverAskedMs: number | null,
  random: () => number = Math.random,
): number {
  const backoff = retryDelayMs(failures, random);
  if (serverAskedMs === null) return backoff;
  return Math.max(backoff, Math.round(serverAskedMs * (1 + random() * 0.25)));
}
