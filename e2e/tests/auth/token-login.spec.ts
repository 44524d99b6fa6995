import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { dismissDialog } from '../../support/login';
import { shot } from '../../support/shots';

test('a /ut link signs in and goes on to event selection', async ({ page, server }) => {
  const link = await server.linkFor(ADMIN.noWa);
  expect(link).toMatch(/^\/ut\/[^/?]+$/);
  const call = page.waitForRequest((r) => r.url().endsWith('/auth/CEKDATA'));
  await page.goto(link);
  expect((await call).postDataJSON()).toEqual({ data: link.slice('/ut/'.length) });
  await expect(page.locator('.swal2-title')).toHaveText('Berhasil');
  await dismissDialog(page, 'berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toContainText(ADMIN.nama);

  // A link is single use.
  await page.goto(link);
  await expect(page.locator('.swal2-title')).toHaveText('Gagal');
});

test('a /utss link with vard signs in and stores the belt', async ({ page, server }) => {
  const link = await server.linkFor(PENGUJI.noWa, 3);
  expect(link).toMatch(/^\/utss\/[^/?]+\?vard=3$/);
  const call = page.waitForRequest((r) => r.url().endsWith('/auth/CEKDATA22/3'));
  await page.goto(link);
  await call;
  await dismissDialog(page, 'berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);
  expect(await page.evaluate(() => localStorage.getItem('Sabuk'))).toBe('3');
});

test('a bad link shows the server message for 2 s, then goes to / and so to /login', async ({ page }) => {
  await page.goto('/ut/not-a-real-token');
  await expect(page.locator('.swal2-title')).toHaveText('Gagal');
  await expect(page.locator('.swal2-html-container')).not.toBeEmpty();
  await shot(page, '13-token-login-failed');
  // The dialog closes by itself (2 s timer) and the guard sends the signed-out user to /login.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await expect(page.locator('.swal2-popup')).toHaveCount(0);
});
