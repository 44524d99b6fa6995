import type { Page } from '@playwright/test';
import { confirmFinish, confirmReset, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { shot } from '../../support/shots';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const current = (page: Page) => page.locator('li[aria-current="step"]');

async function scoreAll(page: Page, scores: number[]) {
  for (const score of scores) {
    await current(page)
      .getByRole('button', { name: String(score), exact: true })
      .click();
  }
}

/** Opens the result dialog and saves; the examiner's bonus is left at 0 unless one is given. */
async function finish(page: Page, title: string, shown: string, bonus?: { value: string; shown: string }) {
  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: `Hasil ${title}` });
  await expect(dialog).toContainText('Jumlah Soal5');
  await expect(dialog.getByLabel('Nilai Tambahan Dari Penilai 1-5')).toHaveValue('0');
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText(shown);
  if (bonus) {
    const input = dialog.getByLabel('Nilai Tambahan Dari Penilai 1-5');
    await input.fill('7'); // outside 0–5: ignored (SPEC §5)
    await expect(input).toHaveValue('0');
    await input.fill(bonus.value);
    await expect(dialog.getByLabel('Nilai Akhir')).toHaveText(bonus.shown);
    await shot(page, '23-draw-result-bonus');
  }
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  await expect(page).toHaveURL(/\/$/);
}

test('toyak senam: 5 of 20 kept over a reload, no rescoring, comma average saved', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianToyakSenam' });
  const items = page.locator('ol > li');
  await expect(items).toHaveCount(5);
  const drawn = await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')));
  await page.reload();
  await expect(items).toHaveCount(5);
  expect(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))).toEqual(drawn);

  await scoreAll(page, [50, 55]);
  // A finished item shows its score and has no buttons any more.
  await expect(items.nth(0).getByRole('button')).toHaveCount(0);
  await expect(items.nth(1).locator('output')).toHaveText('55,00');
  await scoreAll(page, [60, 70, 80]); // average 63
  await expect(page.getByText('Rata-rata 63,00')).toBeVisible();
  await finish(page, 'Tes Senam Toyak', '63,00');
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_toyak_senam).toBe(63);
  expect(nilai.nilai_toyak_senam_plus).toBe(0);
});

test('toyak jurus: Reset draws again and clears the scores; decimals with a comma', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianToyakJurus' });
  await scoreAll(page, [80, 80]);
  await page.getByRole('button', { name: 'Reset' }).click();
  await confirmReset(page);
  await expect(page.getByText('Rata-rata 0,00')).toBeVisible();
  await expect(page.locator('ol > li').first()).toHaveAttribute('aria-current', 'step');
  await scoreAll(page, [55, 55, 60, 60, 70]); // 60
  await finish(page, 'Tes Jurus Toyak', '60,00');
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_toyak_jurus).toBe(60);
});

test('kripen: all five items in order, 50 55 60 70 70 gives 61, bonus 3 saves 64', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianKripen' });
  await expect(page.locator('ol > li')).toHaveCount(5);
  const labels = await page
    .locator('ol > li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')));
  expect(labels).toEqual(['Kripen 1', 'Kripen 2', 'Kripen 3', 'Kripen 4', 'Kripen 5']);
  await expect(page.getByRole('button', { name: 'Selesai' })).toHaveCount(0);
  await scoreAll(page, [50, 55, 60, 70, 70]);
  await finish(page, 'Tes Kripen', '61,00', { value: '3', shown: '64,00' });
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  // SPEC §9: item average plus the examiner's bonus, the bonus also kept on its own.
  expect(nilai.nilai_kripen).toBe(64);
  expect(nilai.nilai_kripen_plus).toBe(3);
});
