import { ADMIN } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

test('an exam without a chosen participant says so and links back to the hub', async ({ page }) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await page.goto('/UjianJurus');
  await expect(
    page.getByText('Belum ada peserta yang dipilih. Pilih peserta dulu di beranda.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();
});

test('an exam the post does not offer is not opened from a typed URL', async ({ page }) => {
  await loginAs(page, ADMIN, { event: 1, post: 3 });
  await page.goto('/UjianJurus');
  await expect(page.getByText('Ujian ini tidak tersedia di pos ujian yang dipilih.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tes Jurus' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
  await expect(page.getByRole('heading', { name: 'POS UJIAN FISIK' })).toBeVisible();
});
