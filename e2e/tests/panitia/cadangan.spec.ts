import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Download, Page } from '@playwright/test';
import { closeDialog, openConsole, openTab } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// "Cadangan" (DESIGN §14): the committee makes a backup from the console, sees it listed, and
// downloads the very archive the server wrote; a passphrase, typed twice, seals the next one.

test.use({ actionTimeout: 15_000 });

/** The name and text of the first entry of a .tar.gz: a backup's manifest. */
function firstEntry(archive: Buffer): { name: string; text: string } {
  const tar = gunzipSync(archive);
  const field = (from: number, to: number) => tar.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
  const size = Number.parseInt(field(124, 136).trim(), 8);
  return { name: field(0, 100), text: tar.subarray(512, 512 + size).toString('utf8') };
}

/** Signs in as the committee admin and opens the page from the console's tabs. */
async function openCadangan(page: Page): Promise<void> {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  await openTab(page, 'Cadangan');
  await expect(page).toHaveURL(/\/panitia\/cadangan$/);
}

/** Clicks a row's 'Unduh' and answers the browser's download. */
async function download(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Unduh ${name}` }).click(),
  ]);
  return file;
}

test('make a backup, see it listed, download the archive the server wrote; then one with a passphrase', async ({
  page,
  server,
}) => {
  await openCadangan(page);
  await expect(page.getByText('Belum ada cadangan.')).toBeVisible();
  // Plain words first: the missing schedule is a warning that says what to do; no path or command.
  await expect(page.getByRole('status').filter({ hasText: 'Cadangan otomatis belum aktif.' })).toContainText(
    'Buat cadangan sekarang',
  );
  // The default folder lies on the data's disk: said plainly, with what to do (decision 157).
  await expect(
    page.getByRole('status').filter({ hasText: 'Cadangan masih di disk yang sama dengan data.' }),
  ).toContainText('Unduh cadangan terakhir ke flashdisk');
  await expect(page.getByRole('heading', { name: 'Isi cadangan' })).toBeVisible();
  await expect(page.getByText('Kunci tanda tangan aplikasi')).toBeVisible();
  for (const word of [
    'npm run',
    'BACKUP_DIR',
    'secret.key',
    'UKT_BACKUP_PASSPHRASE',
    '--force',
    server.dataDir,
  ])
    await expect(page.getByText(word, { exact: false }).filter({ visible: true })).toHaveCount(0);
  // The person who runs the server finds the folder and the restore command folded away.
  const restore = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Memulihkan' }) })
    .last();
  await restore.getByText('Untuk petugas IT').click();
  await expect(restore.getByText('npm run ukt -- restore BERKAS')).toBeVisible();
  await page.getByText('Untuk petugas IT').first().click();
  await expect(page.getByText(/^Folder cadangan di server:/)).toContainText(server.dataDir);
  const satuDisk = page.locator('[data-peringatan="satu-disk"]');
  await expect(satuDisk).toContainText(
    `ada di disk yang sama dengan folder data ${server.dataDir}: bila laptop atau disknya rusak atau hilang, cadangannya ikut hilang.`,
  );
  await expect(satuDisk).toContainText('npm run ukt -- atur BACKUP_DIR=');
  await shot(page, 'panitia-cadangan-kosong-360');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'panitia-cadangan-kosong-1366');
  await page.setViewportSize({ width: 360, height: 740 });

  // --- One without a passphrase.
  await page.getByRole('button', { name: 'Buat cadangan sekarang' }).click();
  const sheet = page.getByRole('dialog', { name: 'Buat cadangan sekarang' });
  await expect(sheet).toContainText('Kata sandi yang terlupa tidak dapat dipulihkan');
  await sheet.getByRole('button', { name: 'Buat cadangan', exact: true }).click();
  await closeDialog(page, /Cadangan dibuat: ukt-cadangan-\d{8}-\d{6}-manual\.tar\.gz/);
  await expect(sheet).toHaveCount(0);

  const cards = page.getByRole('list', { name: 'Daftar cadangan' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const name = (await cards.first().getAttribute('data-cadangan')) ?? '';
  expect(name).toMatch(/^ukt-cadangan-\d{8}-\d{6}-manual\.tar\.gz$/);
  await expect(cards.first()).toContainText('Manual');
  await expect(cards.first()).toContainText(/\d+ KB|\d+(,\d)? MB/);
  await expect(cards.first()).toContainText('Tidak');

  const file = await download(page, name);
  expect(file.suggestedFilename()).toBe(name);
  const bytes = readFileSync(await file.path());
  expect(bytes.equals(readFileSync(join(server.dataDir, 'cadangan', name)))).toBe(true);
  const manifest = firstEntry(bytes);
  expect(manifest.name).toBe('manifest.json');
  expect(JSON.parse(manifest.text)).toMatchObject({ reason: 'manual', dialect: 'sqlite', encrypted: false });

  // --- One with a passphrase: too short, then not the same twice, then right.
  await page.getByRole('button', { name: 'Buat cadangan sekarang' }).click();
  await sheet.getByLabel('Kata sandi (boleh kosong)').fill('pendek');
  await sheet.getByLabel('Ulangi kata sandi').fill('pendek');
  await sheet.getByRole('button', { name: 'Buat cadangan berkata sandi' }).click();
  await expect(sheet).toContainText('Kata sandi minimal 8 karakter');
  await sheet.getByLabel('Kata sandi (boleh kosong)').fill('rahasia-panitia');
  await sheet.getByLabel('Ulangi kata sandi').fill('rahasia-panitya');
  await sheet.getByRole('button', { name: 'Buat cadangan berkata sandi' }).click();
  await expect(sheet).toContainText('Kata sandi tidak sama');
  await shot(page, 'panitia-cadangan-sandi-360');
  await sheet.getByLabel('Ulangi kata sandi').fill('rahasia-panitia');
  await sheet.getByRole('button', { name: 'Buat cadangan berkata sandi' }).click();
  await closeDialog(page, /Cadangan dibuat: .*\.tar\.gz\.aes/);

  // Newest first, with its lock.
  await expect(cards).toHaveCount(2);
  const sealed = cards.first();
  const sealedName = (await sealed.getAttribute('data-cadangan')) ?? '';
  expect(sealedName).toMatch(/-manual\.tar\.gz\.aes$/);
  await expect(sealed.getByRole('img', { name: 'Dilindungi kata sandi' })).toBeVisible();
  await expect(cards.nth(1).getByRole('img', { name: 'Dilindungi kata sandi' })).toHaveCount(0);
  const sealedFile = readFileSync(await (await download(page, sealedName)).path());
  expect(sealedFile.subarray(0, 17).toString()).toBe('UKT-CADANGAN-AES1');
  await shot(page, 'panitia-cadangan-360');

  // A laptop: the same list as a table.
  await page.setViewportSize({ width: 1366, height: 768 });
  const table = page.getByRole('table', { name: 'Daftar cadangan' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Manual');
  await shot(page, 'panitia-cadangan-1366');
});

test('backups on another disk than the data: no warning', async ({ page }) => {
  // As the server answers when BACKUP_DIR is on a flash disk (test/config/backup-dir.same-disk.test.ts).
  await page.route('**/uktNEW/api/panitia/cadangan', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { satu_disk: unknown } };
    body.data.satu_disk = null;
    await route.fulfill({ response, json: body });
  });
  await openCadangan(page);
  await expect(
    page.getByText('Belum ada cadangan.').or(page.getByRole('list', { name: 'Daftar cadangan' })),
  ).toBeVisible();
  await expect(page.getByText('Cadangan masih di disk yang sama dengan data.')).toHaveCount(0);
  await page.getByText('Untuk petugas IT').first().click();
  await expect(page.getByText(/^Folder cadangan di server:/)).toBeVisible();
  await expect(page.locator('[data-peringatan="satu-disk"]')).toHaveCount(0);
});

test('a list that cannot be read says so and offers to try again', async ({ page }) => {
  await page.route('**/uktNEW/api/panitia/cadangan', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Server sedang sibuk. Coba lagi sebentar.' }),
    }),
  );
  await openCadangan(page);
  await expect(page.getByRole('alert')).toContainText('Server sedang sibuk');
  await page.unroute('**/uktNEW/api/panitia/cadangan');
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(page.getByText('Belum ada cadangan.')).toBeVisible();
});
