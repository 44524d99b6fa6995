import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { API, type PanitiaPeserta } from '@ukt/core';
import { closeDialog, consoleApi, openConsole, openTab, pesertaCsv, pesertaRow } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

/**
 * The admin at the given size on Impor, participants of event 1 chosen; the console's API and
 * event 1's participants by number.
 */
async function openImporPeserta(page: Page, width: number, height: number) {
  await loginAs(page, ADMIN.noWa);
  await page.setViewportSize({ width, height });
  await openConsole(page);
  await openTab(page, 'Impor');
  await page.getByLabel('Jenis data').selectOption('peserta');
  await page.getByLabel('Kegiatan').selectOption('1');
  const api = await consoleApi(page);
  const list = (await api.get<{ data: PanitiaPeserta[] }>(API.panitia.peserta.href(1), { cari: '' })).body
    .data;
  const byNo = (no: number) => list.find((p) => p.no_urut === no) as PanitiaPeserta;
  return { api, byNo };
}

// An import shows what it changes (docs/decisions/149): old → new per field, a participant who
// already has scores renamed only after a tick box of its own, and every error row on the page and
// in a file to fix in Excel.

for (const [width, height] of [
  [1366, 768],
  [360, 740],
] as const) {
  test(`a renamed examined participant needs its own confirmation; error rows are listed and downloaded (${width}×${height})`, async ({
    page,
  }) => {
    const { api, byNo } = await openImporPeserta(page, width, height);
    // Participant 1 has a score; participant 2 has none.
    const first = byNo(1);
    const second = byNo(2);
    const scored = await api.post(API.nilai.href(), {
      id_siswa: first.id_siswa,
      id_ukt: 1,
      id_tingkat: 1,
      nilai_jurus: 75,
      nilai_jurus_plus: 0,
    });
    expect(scored.status, JSON.stringify(scored.body)).toBe(200);
    const row = (p: PanitiaPeserta, nama: string) => [
      p.no_urut,
      nama,
      p.perwapus,
      p.cabang,
      p.ranting,
      p.rayon,
      p.provinsi,
    ];
    const good = [row(first, 'siti aminah'), row(second, 'Nama Kedua Baru')];
    const bad = [
      pesertaRow(905, ''),
      pesertaRow('x', 'Ani Salah'),
      ['906', 'Budi Salah', 'Perwapus Madiun Raya', '', 'Ranting Taman', 'Rayon Demangan', ''],
    ];

    const file = page.getByLabel(/File impor/);
    await file.setInputFiles({
      name: 'peserta.csv',
      mimeType: 'text/csv',
      buffer: pesertaCsv([...good, ...bad]),
    });
    await expect(page.locator('[data-count="Kesalahan"]')).toHaveText('3');
    await expect(page.locator('[data-count="Sudah dinilai"]')).toHaveText('1');
    // Every error row is on the page, none folded away.
    const errors = page.locator('[aria-label="Daftar kesalahan"]');
    for (const text of ['Nama: wajib diisi', 'No. Urut: harus bilangan bulat', 'Cabang: wajib diisi'])
      await expect(errors).toContainText(text);
    await expect(errors).toContainText('Budi Salah');
    await expect(page.getByText(/kesalahan lain|baris lain/)).toHaveCount(0);

    const scoredGroup = page.getByRole('region', { name: /Peserta yang sudah dinilai/ });
    await expect(scoredGroup).toContainText(`Nama: ${first.nama} → Siti Aminah`);
    await expect(scoredGroup).not.toContainText('Nama Kedua Baru');
    await expect(page.locator('[aria-label="Pratinjau baris"]')).toContainText(
      `Nama: ${second.nama} → Nama Kedua Baru`,
    );
    await page.getByRole('heading', { name: /Kesalahan/ }).scrollIntoViewIfNeeded();
    await shot(page, `panitia-impor-kesalahan-${width}`);

    // The error rows as a file: the row as typed, its line and its mistake beside it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh baris yang salah (.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('peserta-kesalahan.csv');
    const text = await readFile((await download.path()) as string, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'No. Urut;Nama;Perwapus;Cabang;Ranting;Rayon;Provinsi;Baris;Kesalahan',
      '905;;Perwapus Madiun Raya;Cabang Kota Madiun;Ranting Taman;Rayon Demangan;Jawa Timur;4;kolom Nama: wajib diisi',
      'x;Ani Salah;Perwapus Madiun Raya;Cabang Kota Madiun;Ranting Taman;Rayon Demangan;Jawa Timur;5;kolom No. Urut: harus bilangan bulat',
      '906;Budi Salah;Perwapus Madiun Raya;;Ranting Taman;Rayon Demangan;;6;kolom Cabang: wajib diisi',
    ]);

    // The file without its errors: the import waits for the second confirmation.
    await file.setInputFiles({ name: 'peserta benar.csv', mimeType: 'text/csv', buffer: pesertaCsv(good) });
    await expect(page.locator('[data-count="Kesalahan"]')).toHaveText('0');
    await expect(page.locator('[data-count="Diperbarui"]')).toHaveText('2');
    const importButton = page.getByRole('button', { name: 'Impor', exact: true });
    const yakin = page.getByLabel('Saya yakin mengubah data 1 peserta yang sudah dinilai');
    await expect(importButton).toBeDisabled();
    await expect(yakin).not.toBeChecked();
    await scoredGroup.scrollIntoViewIfNeeded();
    await shot(page, `panitia-impor-dinilai-${width}`);
    await yakin.check();
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await closeDialog(page, '0 baru, 2 diperbarui, 0 tetap');
    const after = (await api.get<{ data: PanitiaPeserta[] }>(API.panitia.peserta.href(1), { cari: '' })).body
      .data;
    expect(after.find((p) => p.no_urut === 1)?.nama).toBe('Siti Aminah');
    expect(after.find((p) => p.no_urut === 2)?.nama).toBe('Nama Kedua Baru');
  });
}

test('a file of 2,000 rows draws only the rows in view, its changes found by status; a participant scored after the preview holds the import', async ({
  page,
}) => {
  const { api, byNo } = await openImporPeserta(page, 1366, 768);
  const second = byNo(2);
  const rows = [
    [2, 'Nama Kedua Ganti', second.perwapus, second.cabang, second.ranting, second.rayon, second.provinsi],
    ...Array.from({ length: 1999 }, (_, i) => pesertaRow(5000 + i, `Peserta Massal ${i + 1}`)),
  ];
  await page
    .getByLabel(/File impor/)
    .setInputFiles({ name: 'peserta besar.csv', mimeType: 'text/csv', buffer: pesertaCsv(rows) });
  await expect(page.locator('[data-count="Baris"]')).toHaveText('2.000');
  await expect(page.locator('[data-count="Sudah dinilai"]')).toHaveText('0');
  const table = page.locator('[aria-label="Pratinjau baris"]');
  await expect(table).toContainText('Peserta Massal 1');
  // Every row is sent, only those in view are drawn.
  expect(await table.locator('tbody tr').count()).toBeLessThan(100);
  await page.getByRole('button', { name: 'Diperbarui (1)' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText(`Nama: ${second.nama} → Nama Kedua Ganti`);
  await shot(page, 'panitia-impor-besar-1366');

  // Participant 2 is scored on a phone after the preview: the import is held, nothing written,
  // and the preview, read again, asks for the confirmation.
  const scored = await api.post(API.nilai.href(), {
    id_siswa: second.id_siswa,
    id_ukt: 1,
    id_tingkat: 1,
    nilai_jurus: 70,
    nilai_jurus_plus: 0,
  });
  expect(scored.status, JSON.stringify(scored.body)).toBe(200);
  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(page.getByText('Impor ditahan, tidak ada yang disimpan')).toBeVisible();
  await expect(page.locator('[data-count="Sudah dinilai"]')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Impor', exact: true })).toBeDisabled();
  const after = (await api.get<{ data: PanitiaPeserta[] }>(API.panitia.peserta.href(1), { cari: '' })).body
    .data;
  expect(after.find((p) => p.no_urut === 2)?.nama).toBe(second.nama);
  expect(after.some((p) => p.nama === 'Peserta Massal 1')).toBe(false);
  await page.getByLabel('Saya yakin mengubah data 1 peserta yang sudah dinilai').check();
  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  await closeDialog(page, '1.999 baru, 1 diperbarui');
});
