import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, DEWAN2, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { API, consoleApi } from './panitia-helpers';

// The console's PDF buttons (DESIGN §9, §11): the file comes from the API with the session's
// access-token header and is saved under the server's name.

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ukt-dokumen-e2e-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Clicks a download button and answers the saved file's name and its text (pdftotext). */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return {
    name: file.suggestedFilename(),
    text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }),
  };
}

test('Peserta: PDF kartu peserta of the event, or of the chosen ranting', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/peserta?ukt=1');
  await expect(page.getByText('120 peserta')).toBeVisible();
  const list = await (await consoleApi(page)).get<{ data: { nama: string }[] }>(API.panitia.peserta.href(1));
  const nama = list.body.data[0]?.nama as string;
  await shot(page, 'dokumen-peserta-tombol');

  const all = await download(page, 'PDF kartu peserta');
  expect(all.name).toBe('kartu-peserta-1.pdf');
  expect(all.text).toContain('KARTU PESERTA UKT');
  expect(all.text).toContain(nama);

  await page.getByRole('button', { name: 'Filter wilayah dan status' }).click();
  for (const level of ['Perwapus', 'Cabang', 'Ranting']) {
    const select = page.getByLabel(level, { exact: true });
    await expect(select.locator('option').nth(1)).toBeAttached();
    await select.selectOption({ index: 1 });
  }
  const ranting = await page.getByLabel('Ranting', { exact: true }).locator('option:checked').textContent();
  await expect(page.getByText(/^\d+ peserta$/)).not.toHaveText('120 peserta');
  const count = Number((await page.getByText(/^\d+ peserta$/).textContent())?.split(' ')[0]);
  const one = await download(page, 'PDF kartu peserta ranting terpilih');
  expect(one.name).toMatch(/^kartu-peserta-1-ranting-\d+\.pdf$/);
  expect(one.text.split('KARTU PESERTA UKT').length - 1).toBe(count);
  expect(one.text).toContain(ranting?.trim());
});

test('Penguji: PDF kartu login of the examiners found', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/penguji');
  await expect(page.getByText('3 penguji')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari' }).fill('Siti');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page.getByText('1 penguji')).toBeVisible();
  await shot(page, 'dokumen-penguji-tombol');

  const cards = await download(page, 'PDF kartu login');
  expect(cards.name).toBe('kartu-login-penguji.pdf');
  expect(cards.text).toContain(PENGUJI.nama);
  expect(cards.text).toContain('+62 811-0000-0002');
  expect(cards.text).not.toContain(DEWAN2.nama);
});
