import { API, consoleApi } from '../../support/console';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

test('an examiner who is not a committee admin has no Panitia entry and gets the 403 page', async ({
  page,
}) => {
  await loginAs(page, PENGUJI.noWa);
  await page.getByRole('button', { name: 'Buka menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: 'Ganti Event Kegiatan' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Panitia' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Typing the address does not help: the page says so and offers the way back.
  const consoleCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/uktNEW/api/panitia/')) consoleCalls.push(r.url());
  });
  await page.goto('/panitia/penguji');
  await expect(page.getByText('Halaman ini hanya untuk admin panitia.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Akses ditolak' })).toBeVisible();
  await shot(page, 'panitia-00-forbidden');
  expect(consoleCalls).toEqual([]);
  // The server refuses the console's calls too.
  const api = await consoleApi(page);
  expect((await api.get(API.panitia.penguji.href())).status).toBe(403);

  await page.getByRole('link', { name: 'Kembali ke halaman utama' }).click();
  await expect(page).toHaveURL(/\/event$/);
});

test('a committee admin sees the Panitia entry; /panitia opens Kegiatan', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Panitia' }),
  ).toBeVisible();
  await page.goto('/panitia');
  await expect(page).toHaveURL(/\/panitia\/kegiatan$/);
  await expect(page.getByRole('list', { name: 'Daftar kegiatan' }).getByRole('listitem')).toHaveCount(2);
});
