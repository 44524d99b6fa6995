import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { closeDialog, rowAction } from '../../support/console';
import { ADMIN, DEWAN2, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// The console's Penguji page (docs/decisions/109): roles read 'Admin panitia' / 'Penguji', the
// admin cannot deactivate themself, examiners are assigned to events and posts, the list shows
// who is assigned to an event, the login cards of that event follow it, and the examiner's phone
// offers only her events and posts.

const LAPTOP = { width: 1366, height: 768 };
const WIDE = { width: 1920, height: 1080 };
const PHONE = { width: 360, height: 740 };

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ukt-penguji-e2e-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rowOf = (page: Page, nama: string) => page.locator('[data-id-pemilih]').filter({ hasText: nama });

/** Assigns an examiner to event 1 at KESHAN and FISIK through the 'Tugas' sheet. */
async function assignKeshanAndFisik(page: Page, size: string) {
  // On a laptop the row's one 'Aksi' menu holds it; a phone's card shows it as a button.
  const row = rowOf(page, PENGUJI.nama);
  if (size === '360') await row.getByRole('button', { name: 'Atur tugas' }).click();
  else await rowAction(row, 'Atur tugas');
  const sheet = page.getByRole('dialog', { name: `Tugas ${PENGUJI.nama}` });
  const event = sheet.locator('[data-id-ukt="1"]');
  await event.getByRole('checkbox').first().check();
  await expect(sheet.getByText('Pos (semua pos)')).toBeVisible();
  await event.getByRole('checkbox', { name: /^Pos KESHAN/ }).check();
  await event.getByRole('checkbox', { name: /^Pos FISIK/ }).check();
  await expect(sheet.getByText('Pos (2 dipilih)')).toBeVisible();
  await shot(page, `panitia-penguji-tugas-${size}`);
  await sheet.getByRole('button', { name: 'Simpan tugas' }).click();
  await closeDialog(page, `Tugas ${PENGUJI.nama} disimpan: 1 kegiatan.`);
  await expect(rowOf(page, PENGUJI.nama)).toContainText('UKT Sabuk Polos Ke Jambon · Pos KESHAN, FISIK');
}

test('laptop: roles, no self-deactivation, assignment, the event filter and its login cards', async ({
  page,
  browser,
  server,
}) => {
  await page.setViewportSize(LAPTOP);
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/penguji');
  await expect(page.getByText('3 penguji')).toBeVisible();
  const table = page.getByRole('table', { name: 'Daftar penguji' });
  await expect(table.getByRole('columnheader', { name: 'Tugas' })).toBeVisible();
  await shot(page, 'panitia-penguji-awal-1366');
  await page.setViewportSize(WIDE);
  await shot(page, 'panitia-penguji-awal-1920');
  await page.setViewportSize(LAPTOP);

  // One label per role; the signed-in admin's row says so.
  const me = rowOf(page, ADMIN.nama);
  await expect(me).toContainText('Admin panitia');
  await expect(me).toContainText('(Anda)');
  await expect(rowOf(page, PENGUJI.nama)).toContainText('Penguji');
  await expect(rowOf(page, PENGUJI.nama)).toContainText('Semua kegiatan');
  await expect(page.getByText(/adminstrator|\(admin panitia\)/)).toHaveCount(0);
  await me.getByRole('button', { name: `Aksi ${ADMIN.nama}` }).click();
  await page.getByRole('menuitem', { name: 'Ubah' }).click();
  const form = page.getByRole('dialog', { name: 'Ubah penguji' });
  await expect(form.getByLabel('Peran panitia').locator('option')).toHaveText(['Penguji', 'Admin panitia']);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // The admin's own deactivation is refused with the reason, and nothing changes.
  await me.getByRole('button', { name: `Aksi ${ADMIN.nama}` }).click();
  await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click();
  await expect(page.locator('.swal2-popup')).toContainText(
    'Anda tidak dapat menonaktifkan akun Anda sendiri. Minta admin panitia lain bila memang perlu.',
  );
  await page.keyboard.press('Escape');
  await expect(me).toContainText('Aktif');

  await assignKeshanAndFisik(page, '1366');
  await shot(page, 'panitia-penguji-1366');

  // Who is assigned to event 1: Siti only; her login cards carry the assignment.
  await page.getByLabel('Ditugaskan ke kegiatan').selectOption('1');
  await expect(page.getByText('1 penguji')).toBeVisible();
  await expect(rowOf(page, DEWAN2.nama)).toHaveCount(0);
  await shot(page, 'panitia-penguji-kegiatan-1366');
  await page.setViewportSize(WIDE);
  await shot(page, 'panitia-penguji-kegiatan-1920');
  await page.setViewportSize(LAPTOP);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF kartu login penguji kegiatan terpilih' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('kartu-login-penguji-1.pdf');
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(PENGUJI.nama);
  expect(text).toContain('Tugas: UKT Sabuk Polos Ke Jambon · Pos KESHAN, FISIK');
  expect(text).not.toContain(DEWAN2.nama);

  // Siti's phone: her one event, and at it only her two posts.
  const phone = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, locale: 'id-ID' });
  const siti = await phone.newPage();
  try {
    await loginAs(siti, PENGUJI.noWa);
    await expect(siti.locator('[data-id-ukt]')).toHaveCount(1);
    await expect(siti.locator('[data-id-ukt="1"]')).toBeVisible();
    await shot(siti, 'penguji-tugas-event-360');
    await siti.locator('[data-id-ukt="1"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
    await expect(siti.getByRole('heading', { name: 'Pilih Pos Ujian' })).toBeVisible();
    await expect(siti.getByRole('button', { name: 'KESHAN', exact: true })).toBeVisible();
    await expect(siti.getByRole('button', { name: 'FISIK', exact: true })).toBeVisible();
    await expect(siti.getByRole('button', { name: 'TEKNIK', exact: true })).toHaveCount(0);
    await expect(siti.getByRole('button', { name: 'SAMBUNG', exact: true })).toHaveCount(0);
    await shot(siti, 'penguji-tugas-pos-360');
  } finally {
    await phone.close();
  }
});

test('phone: the Penguji page and the assignment sheet at 360 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/penguji');
  await expect(page.getByText('3 penguji')).toBeVisible();
  await expect(rowOf(page, ADMIN.nama)).toContainText('Admin panitia');
  await shot(page, 'panitia-penguji-360');
  await assignKeshanAndFisik(page, '360');
  // The page never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await rowOf(page, PENGUJI.nama).scrollIntoViewIfNeeded();
  await shot(page, 'panitia-penguji-ditugaskan-360');
});
