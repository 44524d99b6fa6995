import type { Page } from '@playwright/test';
import { API, type PanitiaPeserta } from '@ukt/core';
import ExcelJS from 'exceljs';
import { closeDialog, consoleApi, openConsole, openTab } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// The messy spreadsheet a committee really sends (docs/decisions/103, 104): a title above the
// header, headers in other words and cases, names in capitals, regions typed in other cases, a
// near miss the committee decides on the Impor page, and a CSV saved in Windows-1252.

const P = 'Perwapus Madiun Raya';
const C = 'Cabang Kota Madiun';
const R = 'Ranting Taman';
const Y = 'Rayon Demangan';

async function messyWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Peserta');
  sheet.addRow(['DAFTAR PESERTA UKT RANTING TAMAN']);
  sheet.addRow([]);
  sheet.addRow(['NO_URUT', 'Nama Lengkap', 'perwapus', 'CABANG', 'Ranting', 'rayon', 'Keterangan']);
  sheet.addRow([
    901,
    'siti aminah',
    'perwapus madiun raya',
    'cabang kota madiun',
    'RANTING TAMAN',
    'Rayon  Demangan',
    '',
  ]);
  sheet.addRow([902, 'MUHAMMAD RIZAL', P, C, 'Ranting Tamn', Y, 'pindahan']);
  sheet.addRow([903, 'Dwi  Hartono', P, C, R, 'Rayon Uji Baru', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Signs in, opens Impor at this size and chooses participants of the demo's first event. */
async function openImpor(page: Page, width: number, height: number): Promise<string> {
  await loginAs(page, ADMIN.noWa);
  await page.setViewportSize({ width, height });
  await openConsole(page);
  await openTab(page, 'Impor');
  await page.getByLabel('Jenis data').selectOption('peserta');
  const kegiatan = page.getByLabel('Kegiatan');
  const idUkt = (await kegiatan.locator('option').nth(1).getAttribute('value')) ?? '';
  await kegiatan.selectOption(idUkt);
  return idUkt;
}

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
  [360, 740],
] as const) {
  test(`a messy spreadsheet is read forgivingly, its near miss decided on the page (${width}×${height})`, async ({
    page,
  }) => {
    const idUkt = await openImpor(page, width, height);
    const file = page.getByLabel(/File impor/);
    await file.setInputFiles({
      name: 'peserta berantakan.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await messyWorkbook(),
    });

    await expect(page.locator('[data-count="Baru"]')).toHaveText('3');
    await expect(page.locator('[data-count="Kesalahan"]')).toHaveText('0');
    const notes = page.getByRole('list', { name: 'Catatan pembacaan file' });
    await expect(notes).toContainText('Baris judul ada di baris 3; baris di atasnya tidak diimpor.');
    await expect(notes).toContainText('Kolom "Keterangan" tidak dikenal dan tidak diimpor.');
    // A table on a laptop, a list of cards on a phone.
    const rows = page.locator('[aria-label="Pratinjau baris"]');
    for (const nama of ['Siti Aminah', 'Muhammad Rizal', 'Dwi Hartono'])
      await expect(rows).toContainText(nama);
    // "cabang kota madiun" is shown as the branch it will be stored in.
    await expect(rows).not.toContainText('cabang kota madiun');

    // `cabang kota madiun` and `RANTING TAMAN` are the stored regions; "Ranting Tamn" is asked about.
    const near = page.locator('[data-wilayah="Ranting Tamn"]');
    await expect(near).toContainText('Ranting “Ranting Tamn” → Ranting Taman?');
    await expect(near).toContainText('baris 5');
    await expect(page.locator('[data-wilayah]')).toHaveCount(1);
    await expect(page.locator('[data-wilayah-baru="Rayon Uji Baru"]')).toContainText(
      `di bawah ${P} › ${C} › ${R}`,
    );
    const importButton = page.getByRole('button', { name: 'Impor', exact: true });
    await expect(importButton).toBeDisabled();
    await expect(page.getByText('untuk 1 nama wilayah yang mirip')).toBeVisible();
    await near.scrollIntoViewIfNeeded();
    await shot(page, `panitia-impor-mirip-${width}`);

    await near.getByText('Pakai yang ada: Ranting Taman').click();
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await closeDialog(page, '3 baru, 0 diperbarui, 0 tetap');

    // The three stand in the stored branch and sub-branch, beside the demo's participants.
    const api = await consoleApi(page);
    const find = async (cari: string) =>
      (await api.get<{ data: PanitiaPeserta[] }>(API.panitia.peserta.href(idUkt), { cari })).body.data;
    const [siti] = await find('Siti Aminah');
    const [rizal] = await find('Muhammad Rizal');
    const demo = (await find('')).find((p) => p.cabang === C && p.ranting === R && p.perwapus === P);
    expect(demo, 'a demo participant of Ranting Taman').toBeDefined();
    expect(siti).toMatchObject({ cabang: C, ranting: R, rayon: Y, id_ranting: demo?.id_ranting });
    expect(rizal).toMatchObject({ ranting: R, id_ranting: demo?.id_ranting, id_cabang: demo?.id_cabang });
    expect((await find('Dwi Hartono'))[0]).toMatchObject({
      rayon: 'Rayon Uji Baru',
      id_ranting: demo?.id_ranting,
    });

    // A CSV from Excel's plain "CSV" (Windows-1252): "José" stays "José", and the page says how it was read.
    await file.setInputFiles({
      name: 'peserta latin1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `No.;Nama Peserta;Perwapus;Cabang;Ranting;Rayon\n904;JOSÉ RAMÍREZ;${P};${C};${R};${Y}\n`,
        'latin1',
      ),
    });
    await expect(page.locator('[data-count="Baru"]')).toHaveText('1');
    await expect(rows).toContainText('José Ramírez');
    await expect(notes).toContainText('dibaca sebagai Windows-1252 (Latin-1)');
    await shot(page, `panitia-impor-latin1-${width}`);
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    await closeDialog(page, '1 baru');
    expect((await find('José'))[0]?.nama).toBe('José Ramírez');
  });
}

test('Impor follows the chosen event like every page: it opens on it and hands a new choice on', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/panitia/impor?ukt=2');
  await expect(page.getByRole('heading', { name: 'Impor', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Kegiatan')).toHaveValue('2');

  await page.getByLabel('Kegiatan').selectOption('1');
  await expect(page).toHaveURL(/\/panitia\/impor\?ukt=1$/);
  const nav = page.getByRole('navigation', { name: 'Halaman panitia' });
  await nav.getByRole('link', { name: 'Peserta', exact: true }).click();
  await expect(page).toHaveURL(/\/panitia\/peserta\?ukt=1$/);
  await nav.getByRole('link', { name: 'Impor', exact: true }).click();
  await expect(page.getByLabel('Kegiatan')).toHaveValue('1');
});
