import type { Locator, Page } from '@playwright/test';
import { ADMIN, confirmFinish, dismissDialog, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { takeParticipant, waitForRosterCache, waitForServiceWorker } from '../../support/sync';

// The picker's to-do marks and 'Belum dinilai' (issue 13 item 4), online and from the roster copy
// on the phone; the ranting/rayon filters with no signal (issue 14 item 4).

test.use({ actionTimeout: 15_000 });

const rows = (page: Page) => page.locator('li[data-id-siswa]');
const row = (page: Page, idSiswa: string) => page.locator(`li[data-id-siswa="${idSiswa}"]`);
const jurusMark = (item: Locator) => item.locator('[data-mark="jurus"]');
const total = (page: Page) => page.getByText(/^\d+ peserta$/);

/** Turns 'Belum dinilai' on (the exam stays the post's first: Jurus at TEKNIK). */
async function belumDinilaiOn(page: Page) {
  await page.getByText('Belum dinilai', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Belum dinilai' })).toBeChecked();
  await expect(page.getByLabel('Ujian yang belum dinilai')).toHaveValue('jurus');
}

/** Scores every row of the jurus exam of the chosen participant with 70 and saves; `saved` is the dialog text. */
async function scoreJurus(page: Page, saved: string) {
  await page.locator('[data-exam="/UjianJurus"]').click();
  await expect(page).toHaveURL(/\/UjianJurus$/);
  for (let i = 0; i < 10; i++) {
    // Rows open one at a time (belt 1: the ten forms of tingkat 1).
    const current = page.locator('li[aria-current="step"]');
    await expect(current).toHaveAttribute('aria-label', /^JURUS /);
    await current.getByRole('button', { name: 'Mulai' }).click();
    await current.getByRole('button', { name: '70', exact: true }).click();
    await current.getByRole('button', { name: 'Lanjut' }).click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, saved);
  await expect(page).toHaveURL(/\/$/);
}

test("online: with 'Belum dinilai' on for jurus, a participant leaves the list once their jurus score is saved", async ({
  page,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await expect(rows(page)).toHaveCount(20);
  // Every row shows the post's exams as marks, none lit yet.
  await expect(rows(page).first().locator('[data-mark]')).toHaveText(['J', 'S', 'B', 'P', 'KR', 'ST', 'JT']);
  await belumDinilaiOn(page);
  await expect(total(page)).toHaveText('120 peserta');

  const idSiswa = await takeParticipant(page, 0);
  await scoreJurus(page, 'Nilai berhasil disimpan');
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_jurus).toBe(70);

  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await expect(page.getByRole('switch', { name: 'Belum dinilai' })).toBeChecked();
  await expect(total(page)).toHaveText('119 peserta');
  await expect(rows(page)).toHaveCount(20);
  await expect(row(page, idSiswa)).toHaveCount(0);

  // Off again: they are back, their J lit, the other marks not.
  await page.getByText('Belum dinilai', { exact: true }).click();
  await expect(total(page)).toHaveText('120 peserta');
  await expect(jurusMark(row(page, idSiswa))).toHaveAttribute('data-done', 'true');
  await expect(row(page, idSiswa).locator('[data-mark="senam"]')).toHaveAttribute('data-done', 'false');
  await shot(page, 'picker-todo-marks');

  // Another exam's to-do list still holds them.
  await page.getByLabel('Ujian yang belum dinilai').selectOption('senam');
  await expect(page.getByRole('switch', { name: 'Belum dinilai' })).toBeChecked();
  await expect(total(page)).toHaveText('120 peserta');
  await expect(row(page, idSiswa)).toHaveCount(1);
});

test("offline: the roster on the phone drops a participant from 'Belum dinilai' as soon as their jurus score is saved", async ({
  page,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await belumDinilaiOn(page);
  await expect(total(page)).toHaveText('120 peserta');

  await page.context().setOffline(true);
  const idSiswa = await takeParticipant(page, 0);
  await scoreJurus(page, 'Nilai tersimpan di HP');

  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await expect(page.getByTestId('picker-offline')).toContainText('Offline: daftar dari HP');
  await expect(total(page)).toHaveText('119 peserta');
  await expect(row(page, idSiswa)).toHaveCount(0);
  await shot(page, 'picker-todo-offline');

  // The signal returns: the queued take and score arrive, and the server's list agrees.
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_jurus, {
      timeout: 20_000,
    })
    .toBe(70);
  await page.getByRole('button', { name: 'Cek Baru' }).click();
  await expect(page.getByTestId('picker-offline')).toHaveCount(0);
  await expect(total(page)).toHaveText('119 peserta');
  await expect(row(page, idSiswa)).toHaveCount(0);
});

test('offline: the ranting and rayon filters work from the roster on the phone', async ({ page }) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await expect(rows(page)).toHaveCount(20);
  await page.context().setOffline(true);

  const pick = async (label: string) => {
    const select = page.getByLabel(label, { exact: true });
    await expect(select).toBeEnabled();
    const option = select.locator('option').nth(1);
    await expect(option).toBeAttached();
    await select.selectOption((await option.getAttribute('value')) ?? '');
    return ((await option.textContent()) ?? '').trim();
  };
  await pick('Perwapus');
  await pick('Cabang');
  const ranting = await pick('Ranting');
  await expect(page.getByTestId('picker-offline')).toBeVisible();
  const texts = () => rows(page).allInnerTexts();
  await expect.poll(async () => (await texts()).length).toBeGreaterThan(0);
  await expect.poll(async () => (await texts()).every((t) => t.includes(`${ranting} ·`))).toBe(true);
  const rantingTotal = Number((await total(page).textContent())?.split(' ')[0]);
  expect(rantingTotal).toBeLessThan(120);

  const rayon = await pick('Rayon');
  await expect.poll(async () => (await texts()).every((t) => t.includes(`${ranting} · ${rayon}`))).toBe(true);
  await expect(rows(page).first()).toBeVisible();
  await expect
    .poll(async () => Number((await total(page).textContent())?.split(' ')[0]))
    .toBeLessThanOrEqual(rantingTotal);
  await shot(page, 'picker-filter-offline');
});
