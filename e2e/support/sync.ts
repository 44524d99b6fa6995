import type { Page } from '@playwright/test';
import { confirmFinish, dismissDialog } from './exams';
import { expect } from './fixtures';
import type { TestServer } from './server';
import Database from './sqlite';

/** Waits until the service worker is active (precache done), so a reload works with no network. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** Waits until the app keeps an entry whose id starts with `prefix` in IndexedDB ('ukt-cache'). */
export async function waitForCached(page: Page, prefix: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('ukt-cache');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('entries')) return resolve(0);
              const keys = db.transaction('entries').objectStore('entries').getAllKeys();
              keys.onsuccess = () => resolve(keys.result.filter((k) => String(k).startsWith(wanted)).length);
            };
            open.onerror = () => resolve(0);
          }),
        prefix,
      ),
    )
    .toBe(1);
}

/** Waits until the chosen event's participant list is kept on the phone. */
export const waitForRosterCache = (page: Page, idUkt: number) => waitForCached(page, `roster:${idUkt}:`);

/** The outbox items on the phone, whoever they belong to (read straight from IndexedDB). */
export function outboxOnPhone(page: Page): Promise<{ examinerId: string; state: string; label: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('ukt-outbox');
        open.onsuccess = () => {
          const all = open.result.transaction('items').objectStore('items').getAll();
          all.onsuccess = () => resolve(all.result);
        };
      }),
  );
}

/** The header's pending count. */
export const pendingCount = (page: Page) => page.getByTestId('pending-count');

/** Opens a draw exam from the hub, scores its five items and saves; `saved` is the dialog text expected. */
export async function finishDrawExam(page: Page, path: string, score: number, saved: string | RegExp) {
  await scoreDrawExam(page, path, score, saved);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Opens a draw exam from the hub, scores its five items, saves and closes the dialog showing
 * `saved`; a refused save leaves the exam's result open, a received one returns to the hub.
 */
export async function scoreDrawExam(page: Page, path: string, score: number, saved: string | RegExp) {
  await page.locator(`[data-exam="${path}"]`).click();
  await expect(page.locator('ol > li')).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await page
      .locator('li[aria-current="step"]')
      .getByRole('button', { name: String(score), exact: true })
      .click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, saved);
}

/** Takes the n-th participant of the picker and returns their id_siswa. */
export async function takeParticipant(page: Page, nth: number): Promise<string> {
  const row = page.locator('li[data-id-siswa]').nth(nth);
  const idSiswa = (await row.getAttribute('data-id-siswa')) ?? '';
  await row.getByRole('button', { name: /^Pilih / }).click();
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
  return idSiswa;
}

/** Reads the server's database directly (read-only): audit rows and stored Idempotency-Keys. */
export function serverDb<T>(server: TestServer, read: (db: Database.Database) => T): T {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** How many times a score field of a participant was changed (the server's audit log). */
export function auditCount(server: TestServer, idSiswa: string, field: string): number {
  return serverDb(server, (db) => {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM audit_log WHERE id_siswa = ? AND field = ?')
      .get(Number(idSiswa), field) as { n: number };
    return row.n;
  });
}

/** The Idempotency-Keys the server stored (one per write it received). */
export function storedKeys(server: TestServer): { key: string; status_code: number | null }[] {
  return serverDb(
    server,
    (db) =>
      db.prepare('SELECT key, status_code FROM idempotency ORDER BY created_at').all() as {
        key: string;
        status_code: number | null;
      }[],
  );
}
