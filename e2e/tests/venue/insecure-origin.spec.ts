import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { outboxOnPhone, serverDb, takeParticipant } from '../../support/sync';

// A venue phone on a name that is not loopback over plain http (DESIGN §14): Chromium resolves
// ujian.test to the test server on 127.0.0.1, and treats the page as what it is, not secure.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP ujian.test 127.0.0.1'],
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL.replace('127.0.0.1', 'ujian.test'));
  },
});

const HEADING = 'Buka aplikasi lewat alamat https://';

async function expectHttpsPage(page: Page) {
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('#app-loading')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^https:\/\/ujian\.test\// })).toBeVisible();
}

test('plain http on a venue name: words about https, never a spinner', async ({ page }) => {
  await page.goto('/login');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await expectHttpsPage(page);
  await expect(page.getByText('Panitia → Sambungkan HP')).toBeVisible();
  await shot(page, '90-insecure-origin');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, '90-insecure-origin-laptop');

  // The console's address gets the same page.
  await page.goto('/panitia/kegiatan');
  await expectHttpsPage(page);
});

test('going on without https: a take is stored on the phone first and reaches the server', async ({
  page,
  server,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Lanjutkan tanpa HTTPS (tidak disarankan)' }).click();
  await expect(page.getByLabel('Nomor WhatsApp')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Tanpa HTTPS' })).toBeVisible();

  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await expect(page.locator('li[data-id-siswa]').first()).toBeVisible();

  // The camera is withheld on plain http: the panel names https as the reason, not a missing camera.
  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  const cameraError = page
    .getByRole('dialog', { name: 'Pindai kartu peserta' })
    .getByTestId('scan-camera-error');
  await expect(cameraError).toContainText(
    'Kamera hanya bisa dipakai bila aplikasi dibuka lewat alamat https://',
  );
  await cameraError.getByRole('button', { name: 'Tutup' }).click();

  // The app lock needs WebCrypto, which plain http withholds: the panel says https is the reason.
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Kunci Aplikasi' })
    .click();
  const lockPanel = page.getByRole('dialog', { name: 'Kunci aplikasi' });
  await expect(lockPanel).toContainText(
    'Kunci aplikasi hanya bisa dipakai bila aplikasi dibuka lewat alamat https://',
  );
  await lockPanel.getByRole('button', { name: 'Tutup' }).click();

  const takenBy = (idSiswa: string) =>
    serverDb(server, (db) => {
      const row = db.prepare('SELECT sudah_tes FROM siswa WHERE id_siswa = ?').get(Number(idSiswa)) as {
        sudah_tes: number | null;
      };
      return row.sudah_tes;
    });

  // Online: the take goes through the outbox (its Idempotency-Key made without crypto.randomUUID).
  const first = await takeParticipant(page, 0);
  await expect.poll(() => takenBy(first)).not.toBeNull();

  // No signal: the next take waits on the phone, then arrives.
  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await expect(page.locator('li[data-id-siswa]').nth(1)).toBeVisible();
  await page.context().setOffline(true);
  const second = await takeParticipant(page, 1);
  await expect(page.getByLabel('Peserta').locator('[data-sync="pending"]')).toHaveText('Tersimpan di HP');
  expect((await outboxOnPhone(page)).map((i) => i.state)).toEqual(['pending']);
  expect(takenBy(second)).toBeNull();
  await page.context().setOffline(false);
  await expect.poll(() => takenBy(second)).not.toBeNull();
  await expect.poll(async () => (await outboxOnPhone(page)).length).toBe(0);
});
