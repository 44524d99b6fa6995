import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { dismissDialog, loginAs } from '../../support/login';

test('signed out: guarded screens, unknown paths and /otp go to /login; /Login is /login', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/event',
    '/Event',
    '/UjianFisik',
    '/SoalUjian',
    '/LISTPESERTA',
    '/no/such/page',
    '/otp',
    '/OTP',
  ]) {
    await page.goto(path);
    await expect(page, `${path} goes to /login`).toHaveURL(/\/login$/);
  }
  await page.goto('/Login');
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
});

test('a pending code sends /login to /otp', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await dismissDialog(page, 'kode tampil di laptop panitia');
  for (const path of ['/login', '/Login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/otp$/);
  }
  await page.goto('/OTP');
  await expect(page.getByRole('heading', { name: 'Verify Phone Number' })).toBeVisible();
});

test('signed in: login screens go to /, no event goes to /event, a chosen event skips /event', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa);
  for (const path of ['/login', '/otp', '/', '/UjianJurus', '/unknown']) {
    await page.goto(path);
    await expect(page, `${path} goes to /event`).toHaveURL(/\/event$/);
  }
  await page.locator('[data-id-ukt="1"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/event', '/Event', '/login', '/unknown/path']) {
    await page.goto(path);
    await expect(page, `${path} goes to /`).toHaveURL(/\/$/);
  }
  await expect(page.getByText('Pilih Pos Ujian')).toBeVisible();
});

test('a missing token cookie logs out to /login', async ({ page, context }) => {
  await loginAs(page, ADMIN.noWa, { event: 1 });
  await context.clearCookies({ name: 'token' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto('/event');
  await expect(page).toHaveURL(/\/login$/);
});
