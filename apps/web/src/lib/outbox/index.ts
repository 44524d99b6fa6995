// The one way the app writes to the server (DESIGN §7): durable first, then sent with an Idempotency-Key.
import { flushOutbox } from './submit';

export type { OutboxItem, OutboxState } from './outbox-db';
export {
  discardOutboxItem,
  flushOutbox,
  type OutboxRequest,
  outboxItems,
  type SubmitResult,
  submit,
} from './submit';

// Minimal retry until the full sync of a later issue: whatever waits is sent when the signal returns.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushOutbox().catch(() => undefined));
}
