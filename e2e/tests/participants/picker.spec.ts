import type { Locator, Page } from '@playwright/test';
import { actorOf } from '../../support/api';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

const rows = (page: Page) => page.locator('[data-id-siswa]');
const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const rowTexts = (page: Page) => rows(page).allInnerTexts();

async function pickOption(sel: Locator, index = 1): Promise<string> {
  const option = sel.locator('option').nth(index);
  await expect(option).toBeAttached();
  const value = (await option.getAttribute('value')) ?? '';
  await sel.selectOption(value);
  return ((await option.textContent()) ?? '').trim();
}

test('search by name or number, and pages', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText(/^Hal 1 \/ \d+$/)).toBeVisible();
  await shot(page, '09-picker');
  const firstPage = await rowTexts(page);

  await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
  await expect(page.getByText(/^Hal 2 \/ \d+$/)).toBeVisible();
  await expect.poll(() => rowTexts(page)).not.toEqual(firstPage);
  await page.getByRole('button', { name: 'Halaman sebelumnya' }).click();
  await expect(page.getByText(/^Hal 1 \/ \d+$/)).toBeVisible();

  const name = ((await rows(page).nth(2).locator('[data-cell="nama"]').textContent()) ?? '').trim();
  const part = name.split(' ').slice(-1)[0] ?? name;
  await page.getByLabel('Cari peserta').fill(part.toLowerCase());
  await expect
    .poll(async () => (await rowTexts(page)).every((t) => t.toLowerCase().includes(part.toLowerCase())))
    .toBe(true);
  await expect(rows(page).filter({ hasText: name }).first()).toBeVisible();

  await page.getByLabel('Cari peserta').fill('17');
  await expect(rows(page).filter({ has: page.getByText('17', { exact: true }) })).toHaveCount(1);
});

test('an admin filters perwapus → cabang → ranting → rayon, each choice resetting those below', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await expect(rows(page)).toHaveCount(20);
  await expect(select(page, 'Perwapus')).toBeEnabled();
  await expect(select(page, 'Cabang')).toBeDisabled();
  await expect(select(page, 'Ranting')).toBeDisabled();
  await expect(select(page, 'Rayon')).toBeDisabled();

  await pickOption(select(page, 'Perwapus'));
  await expect(select(page, 'Cabang')).toBeEnabled();
  await pickOption(select(page, 'Cabang'));
  await expect(select(page, 'Ranting')).toBeEnabled();
  await expect(select(page, 'Rayon')).toBeDisabled();
  const ranting = await pickOption(select(page, 'Ranting'));
  await expect.poll(async () => (await rowTexts(page)).every((t) => t.includes(`${ranting} ·`))).toBe(true);
  await expect(rows(page).first()).toBeVisible();

  await expect(select(page, 'Rayon')).toBeEnabled();
  const rayon = await pickOption(select(page, 'Rayon'));
  await expect
    .poll(async () => (await rowTexts(page)).every((t) => t.includes(`${ranting} · ${rayon}`)))
    .toBe(true);
  await expect(rows(page).first()).toBeVisible();

  // A new cabang empties ranting and rayon.
  await pickOption(select(page, 'Cabang'), 0);
  await expect(select(page, 'Ranting')).toHaveValue('');
  await expect(select(page, 'Ranting')).toBeDisabled();
  await expect(select(page, 'Rayon')).toHaveValue('');
});

test('a non-admin examiner is locked to their own perwapus and cabang', async ({ page }) => {
  await loginAs(page, PENGUJI.noWa, { event: 1, post: 2 });
  await expect(rows(page).first()).toBeVisible();
  await expect(select(page, 'Perwapus')).toBeDisabled();
  await expect(select(page, 'Cabang')).toBeDisabled();
  await expect(select(page, 'Perwapus')).not.toHaveValue('');
  await expect(select(page, 'Cabang')).not.toHaveValue('');
  await expect(select(page, 'Ranting')).toBeEnabled();
  // The locked values carry their names once the option lists arrive.
  await expect(select(page, 'Cabang').locator('option:checked')).not.toHaveText('…');
  const request = page.waitForRequest((r) => r.url().includes('/DataSiswa/siswa?'));
  await page.getByRole('button', { name: 'Cek Baru' }).click();
  const query = new URL((await request).url()).searchParams;
  expect(query.get('id_perwapus')).toBe(await select(page, 'Perwapus').inputValue());
  expect(query.get('id_cabang')).toBe(await select(page, 'Cabang').inputValue());
  expect(query.get('posUjian')).toBe('2');
  expect(query.get('id_ukt')).toBe('1');
  await shot(page, '10-picker-locked');
});

test('choosing takes the participant at the post; taken rows are red, others cannot be chosen', async ({
  page,
  server,
  browser,
}) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await page.evaluate(() => localStorage.setItem('ListFISIK', '{"v":1}'));
  const first = rows(page).first();
  const idSiswa = (await first.getAttribute('data-id-siswa')) ?? '';
  const nama = ((await first.locator('[data-cell="nama"]').textContent()) ?? '').trim();
  const update = page.waitForRequest((r) => r.url().endsWith(`/DataSiswa/siswaUpdate/${idSiswa}`));
  await first.getByRole('button', { name: /^Pilih/ }).click();
  const idPemilih = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'id')?.value ?? '',
  );
  expect((await update).postDataJSON()).toEqual({ sudah_tes: idPemilih, id_ukt: 1 });

  const card = page.getByLabel('Peserta', { exact: true });
  await expect(card).toContainText(nama);
  await expect(page.getByRole('heading', { name: 'Pilih Peserta' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ListFISIK'))).toBeNull();
  await expect(page.locator('[data-exam="/UjianJurus"]')).toHaveAttribute('href', '/UjianJurus');
  await shot(page, '11-participant-card');

  await page.getByRole('button', { name: 'Ganti Peserta' }).click();
  const mine = page.locator(`[data-id-siswa="${idSiswa}"]`);
  await expect(mine).toHaveAttribute('data-taken', 'true');
  await expect(mine).toHaveClass(/bg-red/);
  await expect(mine.getByRole('button', { name: /^Pilih/ })).toBeEnabled();

  // Another examiner of the same cabang sees the row red and cannot choose it at this post…
  const other = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 360, height: 740 } });
  const page2 = await other.newPage();
  await loginAs(page2, PENGUJI.noWa, { event: 1, post: 2 });
  const theirs = page2.locator(`[data-id-siswa="${idSiswa}"]`);
  await expect(theirs).toHaveAttribute('data-taken', 'true');
  await expect(theirs.getByRole('button', { name: /^Pilih/ })).toBeDisabled();
  await shot(page2, '12-picker-taken');

  // …and when someone takes a participant after their list was loaded, the server's refusal shows.
  const next = rows(page2).nth(1);
  await expect(next.getByRole('button', { name: /^Pilih/ })).toBeEnabled();
  const nextId = (await next.getAttribute('data-id-siswa')) ?? '';
  const admin = await actorOf(page, server);
  const taken = await admin.post(`/DataSiswa/siswaUpdate/${nextId}`, { sudah_tes: idPemilih, id_ukt: 1 });
  expect(taken.status).toBe(200);
  await next.getByRole('button', { name: /^Pilih/ }).click();
  await expect(page2.locator('.swal2-title')).toHaveText('Gagal');
  await expect(page2.locator('.swal2-html-container')).toContainText(ADMIN.nama);
  await page2.keyboard.press('Escape');
  await expect(page2.getByRole('button', { name: 'Ganti Peserta' })).toHaveCount(0);

  // At another post the same participant is free.
  await page2.getByRole('button', { name: 'Ganti pos' }).click();
  await page2.getByRole('button', { name: 'FISIK', exact: true }).click();
  const atFisik = page2.locator(`[data-id-siswa="${idSiswa}"]`);
  await expect(atFisik).toHaveAttribute('data-taken', 'false');
  await expect(atFisik.getByRole('button', { name: /^Pilih/ })).toBeEnabled();
  await other.close();
});

test('the picker is not shown at the sambung post', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 4 });
  await expect(page.getByRole('heading', { name: 'Pilih Peserta' })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
});
