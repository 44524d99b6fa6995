// The one way the app writes to the server (DESIGN §7): durable first, then sent with an Idempotency-Key.

export { exportPending } from './export-file';
export { flushOutbox } from './flush';
export type { OutboxItem, OutboxState } from './outbox-db';
export { onOutboxChange } from './outbox-db';
export { discardOutboxItem, otherExaminersItemCount, outboxItems, safeToLogOut } from './queries';
export { scoreOfWrite, type WrittenScore } from './score-of-write';
export { scoresOnPhone } from './scores-on-phone';
export type { QueuedReason } from './send-item';
export { wasSent } from './sent-log';
export { type SentScore, sentScoresOf } from './sent-scores';
export { type OutboxRequest, type SubmitResult, submit } from './submit';
export { type SyncMark, syncMarkOf, useOutboxItems } from './use-outbox';
