import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';

// The service worker would answer the chunk from its cache, out of page.route's reach.
test.use({ serviceWorkers: 'block' });

test('a screen whose code cannot be loaded offers a reload instead of a blank page', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 1 });
  const chunk = '**/assets/list-peserta-page-*.js';
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/LISTPESERTA');
  await expect(page.getByText('Halaman tidak dapat dimuat. Periksa sinyal, lalu muat ulang.')).toBeVisible();
  // The app's frame stays usable around the failed screen.
  await expect(page.getByRole('button', { name: 'Buka menu' })).toBeVisible();

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Muat ulang' }).click();
  await expect(page.getByText('Halaman ini belum tersedia.')).toBeVisible();
});
