import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { openConsole, openTab } from './panitia-helpers';

// "Sambungkan HP" (DESIGN §14): the QR codes a phone scans to reach the app over https. What a
// phone's camera would read is decoded from the images themselves.

test.use({ actionTimeout: 15_000 });

/** The text a QR image on the page holds, as a phone's camera reads it. */
async function qrText(image: Locator): Promise<string | undefined> {
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
}

/** Signs in as the committee admin and opens the page from the console's tabs. */
async function openSambungkan(page: Page): Promise<void> {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  await openTab(page, 'Sambungkan HP');
  await expect(page).toHaveURL(/\/panitia\/sambungkan$/);
}

test("Caddy's own CA: the certificate's download first, then the app's https address", async ({
  page,
  server,
}) => {
  await server.kill();
  await server.restart({ PUBLIC_URL: 'https://ukt.lan' });
  await openSambungkan(page);

  const ca = page.getByRole('img', { name: 'QR unduhan sertifikat' });
  const app = page.getByRole('img', { name: 'QR alamat aplikasi' });
  expect(await qrText(ca)).toBe('http://ukt.lan/ukt-ca.crt');
  expect(await qrText(app)).toBe('https://ukt.lan');
  await expect(page.getByText('http://ukt.lan/ukt-ca.crt', { exact: true })).toBeVisible();
  await expect(page.getByText('https://ukt.lan', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 Pasang sertifikat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 Buka aplikasi' })).toBeVisible();

  // The install steps for both kinds of phone, with the menus the guide names.
  const android = page.getByRole('heading', { name: 'Android' }).locator('xpath=..');
  await expect(android).toContainText('Enkripsi & kredensial (Encryption & credentials)');
  await expect(android).toContainText('Sertifikat CA (CA certificate)');
  const ios = page.getByRole('heading', { name: 'iPhone (iOS)' }).locator('xpath=..');
  await expect(ios).toContainText('VPN & Manajemen Perangkat (VPN & Device Management)');
  await expect(ios).toContainText('Pengaturan Kepercayaan Sertifikat (Certificate Trust Settings)');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Read aloud as well as seen: no serious WCAG 2.1 AA finding on the page (as e2e/tests/a11y.spec.ts).
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="sambungkan-judul"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

  await shot(page, 'panitia-sambungkan-360');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'panitia-sambungkan-1366');
});

test('a real domain certificate (CA_CERT_URL=none): only the app, nothing to install', async ({
  page,
  server,
}) => {
  await server.kill();
  await server.restart({ PUBLIC_URL: 'https://ukt.perguruan.or.id', CA_CERT_URL: 'none' });
  await openSambungkan(page);

  expect(await qrText(page.getByRole('img', { name: 'QR alamat aplikasi' }))).toBe(
    'https://ukt.perguruan.or.id',
  );
  await expect(page.getByRole('heading', { name: '1 Buka aplikasi' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR unduhan sertifikat' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Android' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('plain http: the page says the address is not https and what to do', async ({ page, server }) => {
  await openSambungkan(page);

  const note = page.getByRole('alert');
  await expect(note).toContainText(`Alamat aplikasi ${server.baseURL} bukan https://`);
  await expect(note).toContainText('PUBLIC_URL=https://');
  expect(await qrText(page.getByRole('img', { name: 'QR alamat aplikasi' }))).toBe(server.baseURL);
  await expect(page.getByRole('img', { name: 'QR unduhan sertifikat' })).toHaveCount(0);
  await shot(page, 'panitia-sambungkan-http-360');
});
