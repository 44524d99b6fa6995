import { expect, type Page } from '@playwright/test';
import { currentServer } from './fixtures';

/** Waits for a SweetAlert dialog showing `text` and closes it with Escape instead of waiting 2 s. */
export async function dismissDialog(page: Page, text: string | RegExp): Promise<void> {
  const dialog = page.locator('.swal2-popup');
  await expect(dialog).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(page.locator('.swal2-container')).toHaveCount(0);
}

/**
 * Closes the success dialog that comes with a screen change, whether or not its 2 s timer has
 * already closed it (a slow machine may be late to look), without asserting its text.
 */
async function closeSuccessDialog(page: Page): Promise<void> {
  await page
    .locator('.swal2-popup')
    .waitFor({ state: 'visible', timeout: 3_000 })
    .catch(() => undefined);
  await page.keyboard.press('Escape');
  await expect(page.locator('.swal2-container')).toHaveCount(0);
}

const POST_NAMES = { 1: 'KESHAN', 2: 'TEKNIK', 3: 'FISIK', 4: 'SAMBUNG' } as const;

/**
 * Signs in through the real login and code screens with the code from the server's outbox; then,
 * when asked, picks the event card of id_ukt `event` and the post `post` (post needs event).
 * Without `event` it stops on /event.
 */
export async function loginAs(
  page: Page,
  noWa: string,
  options: { event?: number; post?: 1 | 2 | 3 | 4 } = {},
): Promise<void> {
  const server = currentServer();
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill(noWa.replace(/^\+?62/, ''));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp$/i);
  await closeSuccessDialog(page);

  const code = await server.otpFor(noWa);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  await expect(page).toHaveURL(/\/event$/i);
  await closeSuccessDialog(page);

  if (options.event === undefined) return;
  await page
    .locator(`[data-id-ukt="${options.event}"]`)
    .getByRole('button', { name: 'Pilih Kegiatan' })
    .click();
  await expect(page).toHaveURL(/\/$/);

  if (options.post === undefined) return;
  await page.getByRole('button', { name: POST_NAMES[options.post], exact: true }).click();
  await expect(page.getByRole('heading', { name: `POS UJIAN ${POST_NAMES[options.post]}` })).toBeVisible();
}
