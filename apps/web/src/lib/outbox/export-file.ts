import type { PendingFile, PendingFormEntry, PendingItem } from '@ukt/core';
import { getSession } from '../session';
import { notifyOutboxChange, type OutboxItem, outboxDb } from './outbox-db';
import { outboxItems } from './queries';

// The file's format is core's PendingFile (docs/decisions/072), which `ukt import pending` reads.
type ExportedEntry = PendingFormEntry;
type ExportedItem = PendingItem;

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with a whole recording as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

async function exportItem(item: OutboxItem): Promise<ExportedItem> {
  const body: ExportedItem['body'] =
    item.body.kind === 'json'
      ? item.body
      : {
          kind: 'form',
          entries: await Promise.all(
            item.body.entries.map(async (entry): Promise<ExportedEntry> => {
              if (entry.length === 2) return entry;
              const [name, blob, filename] = entry;
              return [name, { base64: await base64Of(blob), type: blob.type }, filename];
            }),
          ),
        };
  return {
    key: item.key,
    examinerId: item.examinerId,
    path: item.path,
    label: item.label,
    participantId: item.participantId,
    createdAt: new Date(item.createdAt).toISOString(),
    state: item.state,
    lastError: item.lastError,
    body,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'nilai-tertunda-<no_wa>-<yyyymmdd-hhmm>.json' in the phone's local time. */
function fileName(now: Date): string {
  const noWa = getSession().examiner?.no_wa || 'penguji';
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `nilai-tertunda-${noWa.replace(/\D+/g, '')}-${stamp}.json`;
}

/**
 * 'Ekspor nilai tertunda': downloads the signed-in examiner's unsent items as a JSON file a committee
 * member can load with `ukt import pending FILE` (same Idempotency-Keys, so nothing is written twice).
 * Marks the items as exported; resolves to how many were written.
 */
export async function exportPending(): Promise<number> {
  const items = await outboxItems();
  const now = new Date();
  const file: PendingFile = {
    format: 'ukt-pending',
    version: 1,
    exported_at: now.toISOString(),
    items: await Promise.all(items.map(exportItem)),
  };
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some Android browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  await outboxDb.items.bulkUpdate(
    items.map((item) => ({ key: item.key, changes: { exportedAt: now.getTime() } })),
  );
  notifyOutboxChange();
  return items.length;
}
