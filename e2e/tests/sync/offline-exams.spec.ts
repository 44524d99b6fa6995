import { ADMIN, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import {
  auditCount,
  finishDrawExam,
  outboxOnPhone,
  pendingCount,
  storedKeys,
  takeParticipant,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

const QUEUED = 'Nilai tersimpan di HP';

test('offline: three exams for two participants survive a reload and arrive exactly once', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await expect(page.locator('li[data-id-siswa]').first()).toBeVisible();

  await page.context().setOffline(true);
  // Taking a participant with no signal is queued like a score.
  const first = await takeParticipant(page, 0);
  await expect(page.getByLabel('Peserta').locator('[data-sync="pending"]')).toHaveText('Tersimpan di HP');
  await finishDrawExam(page, '/UjianKripen', 70, QUEUED);
  await expect(page.locator('[data-exam="/UjianKripen"] [data-sync="pending"]')).toBeVisible();
  await finishDrawExam(page, '/UjianToyakJurus', 80, QUEUED);

  // The next participant is picked from the list kept on the phone.
  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await expect(page.getByTestId('picker-offline')).toContainText('Offline: daftar dari HP');
  await expect(page.locator(`li[data-id-siswa="${first}"] [data-sync="pending"]`)).toBeVisible();
  await shot(page, '16-picker-offline');
  const second = await takeParticipant(page, 1);
  expect(second).not.toBe(first);
  await finishDrawExam(page, '/UjianToyakSenam', 60, QUEUED);
  await expect(pendingCount(page)).toHaveText('5'); // two takes, three scores

  // A reload with no network: the service worker serves the app, the outbox is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();
  await expect(pendingCount(page)).toHaveText('5');
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await shot(page, '17-hub-offline-pending');
  await page.getByRole('button', { name: 'Nilai tertunda: 5' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Nilai tertunda' }).locator('[data-outbox-item]'),
  ).toHaveCount(5);
  await shot(page, '18-outbox-panel');
  await page.getByRole('button', { name: 'Tutup daftar nilai tertunda' }).click();

  await page.context().setOffline(false);
  await expect(pendingCount(page)).toHaveText('0', { timeout: 20_000 });
  expect(await outboxOnPhone(page)).toEqual([]);
  await expect(page.getByLabel('Peserta').locator('[data-sync="sent"]')).toHaveText('Terkirim');
  await expect(page.locator('[data-exam="/UjianToyakSenam"] [data-sync="sent"]')).toBeVisible();
  await page.locator('[data-exam="/UjianToyakSenam"]').scrollIntoViewIfNeeded();
  await shot(page, '21-hub-synced');

  const a = await readNilai(page, { id_siswa: first, id_tingkat: 1, id_ukt: 1 });
  const b = await readNilai(page, { id_siswa: second, id_tingkat: 1, id_ukt: 1 });
  expect([a.nilai_kripen, a.nilai_toyak_jurus, b.nilai_toyak_senam]).toEqual([70, 80, 60]);
  // Exactly once: each score changed once, and the server saw five keys, each answered once.
  expect(auditCount(server, first, 'nilai_kripen')).toBe(1);
  expect(auditCount(server, first, 'nilai_toyak_jurus')).toBe(1);
  expect(auditCount(server, second, 'nilai_toyak_senam')).toBe(1);
  const keys = storedKeys(server);
  expect(keys).toHaveLength(5);
  expect(keys.every((k) => k.status_code === 200)).toBe(true);
});
