import type { Page } from '@playwright/test';
import { ADMIN, confirmFinish } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { dismissDialog, loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import {
  finishDrawExam,
  pendingCount,
  takeParticipant,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

// A phone reloaded with no signal still shows every score it sent or holds (docs/decisions/127).

test.use({ actionTimeout: 15_000 });
// Long flows (three exams, reloads) on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

const SENT = 'Nilai berhasil disimpan';
const QUEUED = 'Nilai tersimpan di HP';
const exam = (page: Page, path: string) => page.locator(`[data-exam="${path}"]`);

/** Scores the five dagger rows with `score` and saves; the result dialog's final score must read `shown`. */
async function finishBelati(page: Page, score: number, shown: string, saved: string) {
  await exam(page, '/UjianBelati').click();
  const current = page.locator('li[aria-current="step"]');
  for (let i = 0; i < 5; i++) {
    await current.getByRole('button', { name: 'Mulai' }).click();
    await current.getByRole('button', { name: String(score), exact: true }).click();
    await current.getByRole('button', { name: 'Lanjut' }).click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hasil Tes Belati' });
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText(shown);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, saved);
  await expect(page).toHaveURL(/\/$/);
}

/** Reloads with no network and waits for the hub the service worker serves. */
async function reloadOffline(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  // The app's chunks come from the service worker's cache, slowly on a busy machine.
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
}

/** The rows of scores this phone noted as received, read straight from IndexedDB. */
function sentRowsOnPhone(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('ukt-terkirim');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('scores')) return resolve(0);
          const count = db.transaction('scores').objectStore('scores').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
  );
}

test('reloaded with no signal, the hub still shows sent scores as sent and a waiting one as waiting, in the dialog format', async ({
  page,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  const idSiswa = await takeParticipant(page, 0);

  // Two exams scored with signal: received by the server.
  await finishBelati(page, 70, '70,00', SENT);
  await finishDrawExam(page, '/UjianToyakJurus', 80, SENT);
  await expect(pendingCount(page)).toHaveText('0');
  await expect(exam(page, '/UjianBelati')).toContainText('Terkirim');
  await expect(exam(page, '/UjianBelati').locator('[data-nilai]')).toHaveText('70,00');

  await reloadOffline(page);
  // The server cannot be asked: the phone's own record of what it sent says it, as the dialog wrote it.
  await expect(exam(page, '/UjianBelati').locator('[data-sync="sent"]')).toHaveText('Terkirim');
  await expect(exam(page, '/UjianBelati').locator('[data-nilai]')).toHaveText('70,00');
  await expect(exam(page, '/UjianToyakJurus').locator('[data-sync="sent"]')).toHaveText('Terkirim');
  await expect(exam(page, '/UjianToyakJurus').locator('[data-nilai]')).toHaveText('80,00');
  await expect(exam(page, '/UjianKripen').locator('[data-nilai]')).toHaveCount(0);
  await exam(page, '/UjianToyakJurus').scrollIntoViewIfNeeded();
  await shot(page, '40-hub-offline-reload-sent');

  // A third exam scored with no signal waits on the phone, and says so after another reload.
  await finishDrawExam(page, '/UjianKripen', 60, QUEUED);
  await reloadOffline(page);
  await expect(exam(page, '/UjianKripen').locator('[data-sync="pending"]')).toHaveText('Tersimpan di HP');
  await expect(exam(page, '/UjianKripen').locator('[data-nilai]')).toHaveText('60,00');
  await expect(exam(page, '/UjianBelati').locator('[data-sync="sent"]')).toHaveText('Terkirim');
  await exam(page, '/UjianKripen').scrollIntoViewIfNeeded();
  await shot(page, '41-hub-offline-reload-waiting');

  // The picker, from the phone's copy, marks all three as scored.
  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await expect(page.getByTestId('picker-offline')).toContainText('Offline: daftar dari HP');
  const row = page.locator(`li[data-id-siswa="${idSiswa}"]`);
  for (const mark of ['belati', 'toyak_jurus', 'kripen']) {
    await expect(row.locator(`[data-mark="${mark}"]`)).toHaveAttribute('data-done', 'true');
  }
  await expect(row.locator('[data-mark="jurus"]')).toHaveAttribute('data-done', 'false');
  await shot(page, '42-picker-offline-reload');

  // With signal again the waiting score is sent and the server's record agrees.
  await page.context().setOffline(false);
  await expect(pendingCount(page)).toHaveText('0', { timeout: 20_000 });
  await takeParticipant(page, 0);
  await expect(exam(page, '/UjianKripen').locator('[data-sync="sent"]')).toHaveText('Terkirim');
  await expect(exam(page, '/UjianKripen').locator('[data-nilai]')).toHaveText('60,00');
});

test('signing out forgets the scores the phone sent: after the next sign-in only the roster copy marks them', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  const idSiswa = await takeParticipant(page, 0);
  await finishBelati(page, 70, '70,00', SENT);
  await expect(pendingCount(page)).toHaveText('0');
  await expect.poll(() => sentRowsOnPhone(page)).toBe(1);

  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page
    .getByRole('dialog', { name: 'Keluar dari aplikasi' })
    .getByRole('button', { name: 'Keluar' })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  // Signed in again through a committee link (a second login code would wait for the resend limit).
  await page.goto(await server.linkFor(ADMIN));
  await dismissDialog(page, 'berhasil diverifikasi');
  await page.locator('[data-id-ukt="1"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  await page.getByRole('button', { name: 'TEKNIK', exact: true }).click();
  await takeParticipant(page, 0);
  // The roster copy made at this sign-in carries the server's marks (the dagger is scored).
  await expect
    .poll(() =>
      page.evaluate(
        (id) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('ukt-cache');
            open.onsuccess = () => {
              const get = open.result.transaction('entries').objectStore('entries').getAll();
              get.onsuccess = () => {
                const roster = get.result.find((e) => String(e.id).startsWith('roster:1:'));
                const siswa = (roster?.value?.siswa ?? []) as { id_siswa: number; dinilai: string[] }[];
                resolve(siswa.some((s) => String(s.id_siswa) === id && s.dinilai.includes('belati')));
              };
            };
          }),
        idSiswa,
      ),
    )
    .toBe(true);
  // The record of the earlier sign-in is gone once the hub has looked at it.
  await expect.poll(() => sentRowsOnPhone(page)).toBe(0);

  await reloadOffline(page);
  await expect(exam(page, '/UjianBelati').locator('[data-nilai]')).toHaveText('Sudah dinilai');
  await expect(exam(page, '/UjianBelati').locator('[data-sync]')).toHaveCount(0);
  await shot(page, '43-hub-offline-after-sign-in');
});
