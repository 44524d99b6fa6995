import { getSession, hasToken } from '../session';
import { itemsOf } from './outbox-db';
import { reportRefusals } from './report-refusals';
import { nextRetryDelayMs } from './retry-policy';
import { type SendResult, sendItem } from './send-item';
import { refreshUnsentCount } from './unsent-count';

let chain: Promise<unknown> = Promise.resolve();
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Results of the items a pass tried, by key (submit() reads its own item's result here). */
export type PassResults = Map<string, SendResult>;

/** The examiner whose items may be sent now: signed in with a token, else nobody. */
function signedInExaminer(): string | null {
  const id = getSession().examiner?.id_pemilih;
  return id && hasToken() ? id : null;
}

/**
 * One pass over the signed-in examiner's pending items, oldest first. A transient failure ends the
 * pass so items are never sent out of order; a refused item does not hold up the ones after it.
 */
async function pass(): Promise<{ results: PassResults; left: number }> {
  const results: PassResults = new Map();
  const examinerId = signedInExaminer();
  if (!examinerId) return { results, left: 0 };
  // Counted afresh for this examiner (a new sign-in): every call reports it (docs/decisions/041).
  await refreshUnsentCount();
  const pending = (await itemsOf(examinerId)).filter((item) => item.state === 'pending');
  // The browser knows for sure it has no network: no attempt now, the 'online' event starts the next.
  if (!navigator.onLine) return { results, left: pending.length };
  for (const [index, item] of pending.entries()) {
    // A logout or another sign-in during the pass stops it: items never go under another login.
    if (signedInExaminer() !== examinerId) return { results, left: pending.length - index };
    const result = await sendItem(item);
    results.set(item.key, result);
    if (result.status === 'queued') return { results, left: pending.length - index };
  }
  return { results, left: 0 };
}

/** Plans the next pass after one that left items: backoff, or later if the server asked (Retry-After). */
function schedule(left: number, results: PassResults): void {
  clearTimeout(timer);
  timer = undefined;
  if (left === 0) {
    failures = 0;
    return;
  }
  failures += 1;
  const stoppedBy = [...results.values()].find((result) => result.status === 'queued');
  const serverAskedMs = stoppedBy?.status === 'queued' ? stoppedBy.retryAfterMs : null;
  timer = setTimeout(() => void runPass().catch(() => undefined), nextRetryDelayMs(failures, serverAskedMs));
}

/** Runs a pass after any pass already running (one sender at a time), then plans the next retry. */
export function runPass(): Promise<PassResults> {
  const next = chain.then(async () => {
    const { results, left } = await pass();
    schedule(left, results);
    if ([...results.values()].some((result) => result.status === 'rejected')) void reportRefusals();
    return results;
  });
  chain = next.catch(() => undefined);
  return next;
}

/** Sends every pending item of the signed-in examiner now; resolves to how many are still pending. */
export async function flushOutbox(): Promise<number> {
  failures = 0;
  await runPass();
  const examinerId = signedInExaminer();
  if (!examinerId) return 0;
  return (await itemsOf(examinerId)).filter((item) => item.state === 'pending').length;
}

// Retried when the signal returns and when the phone comes back to the app (DESIGN §7); the app
// layout also flushes on start and after each sign-in.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushOutbox().catch(() => undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void runPass().catch(() => undefined);
  });
}
