import { actorOf } from '../../support/api';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';

test('Sign Out revokes the token and clears the phone: storage, cookies, state', async ({ page, server }) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await page
    .locator('[data-id-siswa]')
    .first()
    .getByRole('button', { name: /^Pilih/ })
    .click();
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
  const api = await actorOf(page, server);
  expect((await api.get('/DataSiswa/UKT')).status).toBe(200);

  await page.getByRole('button', { name: 'Buka menu' }).click();
  const logout = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/auth/logout'));
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Nothing waits unsent: the slide-up panel only asks to confirm.
  await page
    .getByRole('dialog', { name: 'Keluar dari aplikasi' })
    .getByRole('button', { name: 'Keluar' })
    .click();
  expect((await logout).headers()['access-token']).toBe(api.token);
  await expect(page).toHaveURL(/\/login$/);

  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const names = (await page.context().cookies()).map((c) => c.name);
  for (const name of ['user', 'id', 'no_wa', 'token']) expect(names).not.toContain(name);
  expect((await api.get('/DataSiswa/UKT')).status).toBe(401);

  // Nothing of the old session is left: guarded screens go to /login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
