import type { Page } from '@playwright/test';
import { confirmFinish, confirmReset, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const current = (page: Page) => page.locator('li[aria-current="step"]');

/** Scores the current row the usual way: start its clock, press the score, Lanjut. */
async function scoreCurrent(page: Page, score: number) {
  const row = current(page);
  await row.getByRole('button', { name: 'Mulai' }).click();
  await row.getByRole('button', { name: String(score), exact: true }).click();
  await row.getByRole('button', { name: 'Lanjut' }).click();
}

async function saveResult(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  await expect(page).toHaveURL(/\/$/);
}

test('forms: the zero-timer rule, a reload keeps the sequence, average plus bonus saved', async ({
  page,
}) => {
  await page.clock.install();
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianJurus' });
  await expect(page.getByRole('timer', { name: 'Waktu ujian' })).toHaveText('03:00');
  const scores = [50, 55, 60, 70, 80, 50, 55, 60, 70, 80]; // average 63
  for (const [i, score] of scores.entries()) {
    if (i === 4) {
      // The row clock ran out with no score: pressing a score finishes the row at once.
      const row = page.getByRole('listitem', { name: 'JURUS 3A' });
      await row.getByRole('button', { name: 'Mulai' }).click();
      await page.clock.fastForward('00:16');
      await expect(row.getByRole('timer')).toHaveText('Waktu Habis');
      await row.getByRole('button', { name: String(score), exact: true }).click();
      await expect(page.getByRole('listitem', { name: 'JURUS 3B' })).toHaveAttribute('aria-current', 'step');
      continue;
    }
    if (i === 6) {
      await page.reload();
      await expect(current(page)).toHaveAttribute('aria-label', 'JURUS 4A');
      await expect(page.getByLabel('Nilai JURUS 3B')).toHaveText('50,00');
    }
    await scoreCurrent(page, score);
  }

  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hasil Tes Jurus' });
  await expect(dialog).toContainText('63,00');
  const bonus = dialog.getByLabel('Nilai Tambahan Dari Penilai 1-5');
  await bonus.fill('7'); // outside 0–5: ignored
  await expect(bonus).toHaveValue('0');
  await bonus.fill('3');
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText('66,00');
  await saveResult(page);

  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_jurus).toBe(66);
  expect(nilai.nilai_jurus_plus).toBe(3);
});

test('gymnastics: Reset clears the rows; 15 drawn routines for belt 1 saved as their average', async ({
  page,
}) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianSenam' });
  await scoreCurrent(page, 60);
  await scoreCurrent(page, 60);
  await expect(page.getByText('Dinilai 2/15')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await confirmReset(page);
  await expect(page.getByText('Dinilai 0/15')).toBeVisible();
  await expect(page.locator('ol > li')).toHaveCount(1);

  const labels: string[] = [];
  for (let i = 0; i < 15; i++) {
    labels.push((await current(page).getAttribute('aria-label')) ?? '');
    await scoreCurrent(page, 70);
  }
  // Drawn per group of ten and sorted by number (SPEC §9).
  const numbers = labels.map((l) => Number(l.replace('Senam ', '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(numbers.filter((n) => n <= 10)).toHaveLength(5);

  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hasil Tes Senam' });
  await expect(dialog.getByRole('textbox')).toHaveCount(0); // no extra score outside the forms test
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText('70,00');
  await saveResult(page);
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_senam).toBe(70);
});

test('dagger: a row passed with Lanjut keeps Selesai away until it is scored', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianBelati' });
  await current(page).getByRole('button', { name: 'Lanjut' }).click();
  for (let i = 0; i < 4; i++) await scoreCurrent(page, 80);
  await expect(page.getByRole('button', { name: 'Selesai' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Muat ulang' })).toBeVisible();

  await page.getByRole('group', { name: 'Nilai Belati 1' }).getByRole('button', { name: '80' }).click();
  await page.getByRole('button', { name: 'Selesai' }).click();
  await expect(page.getByRole('dialog', { name: 'Hasil Tes Belati' }).getByLabel('Nilai Akhir')).toHaveText(
    '80,00',
  );
  await saveResult(page);
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_blati).toBe(80);
});
