import { type Browser, chromium, type Page } from '@playwright/test';
import { API, type SiswaRoster } from '@ukt/core';
import { actorOf, apiLogin } from '../../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { writeQrVideo } from '../../support/fake-camera';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';
import { waitForRosterCache, waitForServiceWorker } from '../../support/sync';

// Pindai kartu (issue 13 item 3) with Chromium's fake camera: each test films a card's QR made
// from the real roster's card code, in a browser launched to show that video as its camera.

test.use({ actionTimeout: 15_000 });

const browsers: Browser[] = [];
test.afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});

/**
 * The roster of an event as another examiner's phone receives it (card codes included); the admin
 * signs in on the phone under test, and a number gets one code a minute.
 */
async function rosterOf(server: TestServer, idUkt: number): Promise<SiswaRoster> {
  const penguji = await apiLogin(server, PENGUJI.noWa);
  const res = await penguji.get<{ data: SiswaRoster }>(API.siswaRoster.href(), { id_ukt: idUkt });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A 360×740 phone in a Chromium whose camera films `text` as a QR code. */
async function phoneFilming(text: string, baseURL: string): Promise<Page> {
  const video = test.info().outputPath('card.y4m');
  await writeQrVideo(video, text);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  browsers.push(browser);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  await context.grantPermissions(['camera']);
  return context.newPage();
}

const scanPanel = (page: Page) => page.getByRole('dialog', { name: 'Pindai kartu peserta' });

test('the examiner scans a card, confirms the participant and takes them; offline from the roster on the phone', async ({
  server,
}) => {
  const roster = await rosterOf(server, 1);
  const target = roster.siswa[2] as SiswaRoster['siswa'][number];
  const ranting = roster.ranting.find((r) => r.id === target.id_ranting)?.nama as string;
  const page = await phoneFilming(target.kode_kartu, server.baseURL);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  // Headless Chromium on Linux has no Barcode Detection API of its own: the polyfill reads the card.
  const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
  test.info().annotations.push({ type: 'barcode reader', description: native ? 'native' : 'polyfill' });

  // The reader is not part of the hub: nothing of it loads before 'Pindai kartu'.
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const reader = (urls: string[]) => urls.filter((url) => /scan-panel|ponyfill|\.wasm/.test(url));
  expect(reader(await loaded())).toEqual([]);

  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  const confirm = scanPanel(page).getByTestId('scan-confirm');
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  expect(reader(await loaded()).length).toBeGreaterThan(0);
  await expect(confirm).toContainText(String(target.no_urut));
  await expect(confirm).toContainText(target.nama);
  await expect(confirm).toContainText(ranting);
  await shot(page, 'scan-confirm');

  if (!native) {
    // ZXing's WebAssembly came from this server's assets, not a CDN: a venue may have no internet.
    const wasm = requests.filter((url) => url.endsWith('.wasm'));
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(new RegExp(`^${server.baseURL}/assets/zxing_reader-[\\w-]+\\.wasm$`));
    const served = await page.request.get(wasm[0] as string);
    expect(served.headers()['content-type']).toBe('application/wasm');
  }
  expect(requests.every((url) => url.startsWith(server.baseURL) || /^(data|blob):/.test(url))).toBe(true);

  await confirm.getByRole('button', { name: 'Ambil peserta' }).click();
  await expect(scanPanel(page)).toHaveCount(0);
  await expect(page.getByLabel('Peserta', { exact: true })).toContainText(target.nama);
  const taken = await (await actorOf(page, server)).get<{ data: SiswaRoster }>(API.siswaRoster.href(), {
    id_ukt: 1,
  });
  expect(taken.body.data.siswa.find((s) => s.id_siswa === target.id_siswa)?.sudah_tes).not.toBeNull();

  // No signal: the card is checked against the roster kept on the phone.
  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toContainText(target.nama);
  await confirm.getByRole('button', { name: 'Ambil peserta' }).click();
  await expect(page.getByLabel('Peserta', { exact: true })).toContainText(target.nama);

  // Even after a reload with no signal: the service worker kept the reader's wasm.
  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toContainText(target.nama);
});

test('a card of another event is refused with its message, and the list stays usable', async ({ server }) => {
  const other = (await rosterOf(server, 2)).siswa[0] as SiswaRoster['siswa'][number];
  const page = await phoneFilming(other.kode_kartu, server.baseURL);
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });

  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  const refused = scanPanel(page).getByTestId('scan-refused');
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused).toContainText(
    'Kartu ini untuk kegiatan lain (id_ukt 2), bukan kegiatan yang dipilih.',
  );
  await shot(page, 'scan-refused-other-event');
  await refused.getByRole('button', { name: 'Tutup' }).click();
  await expect(scanPanel(page)).toHaveCount(0);
  await expect(page.locator('li[data-id-siswa]')).toHaveCount(20);
});

test('a forged card code is refused', async ({ server }) => {
  const { kode_kartu } = (await rosterOf(server, 1)).siswa[3] as SiswaRoster['siswa'][number];
  const forged = `${kode_kartu.slice(0, -1)}${kode_kartu.endsWith('0') ? '1' : '0'}`;
  const page = await phoneFilming(forged, server.baseURL);
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await waitForRosterCache(page, 1);

  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  const refused = scanPanel(page).getByTestId('scan-refused');
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused).toContainText('Kartu tidak sah');
});

test('without a camera the panel says so and the list stays usable', async ({ page }) => {
  // The default test browser has no camera device and grants no camera permission.
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await page.getByRole('button', { name: 'Pindai kartu' }).click();
  const error = scanPanel(page).getByTestId('scan-camera-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText(/Izin kamera ditolak|Kamera tidak ditemukan/);
  await shot(page, 'scan-no-camera');
  await error.getByRole('button', { name: 'Tutup' }).click();
  const row = page.locator('li[data-id-siswa]').first();
  await row.getByRole('button', { name: /^Pilih / }).click();
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
});
