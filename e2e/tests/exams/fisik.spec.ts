import { confirmFinish, confirmReset, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const FISIK = { event: 1, post: 3, path: '/UjianFisik' } as const;

test('physical exam: five exercises, time-up, reload in the middle, saved average', async ({ page }) => {
  await page.clock.install();
  const { idSiswa } = await openExam(page, FISIK);
  const exercise = (name: string) => page.getByRole('region', { name });

  // Lari MFT: level 5.2 scores 53; minus does nothing before the exercise starts.
  await expect(exercise('Lari MFT')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kurangi' })).toBeDisabled();
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.getByLabel('Level MFT').selectOption('5.2');
  await page.getByRole('button', { name: 'Berhenti' }).click();
  await page.getByRole('button', { name: 'Selesai Lari MFT' }).click();

  // Push Up: 20 (× 2.5 = 50); the 60 s countdown ends in 'Waktu Habis' and locks the field.
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.getByLabel('Jumlah Push Up').fill('20');
  await page.clock.fastForward('01:01');
  await expect(exercise('Push Up').getByRole('timer')).toHaveText('Waktu Habis');
  await expect(page.getByLabel('Jumlah Push Up')).toBeDisabled();
  await page.getByRole('button', { name: 'Selesai Push Up' }).click();

  // Sper Perut Atas: 31 then minus → 30 (75); a reload mid-exercise resumes it, still running.
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.getByLabel('Jumlah Sper Perut Atas').fill('31');
  await page.getByRole('button', { name: 'Kurangi' }).click();
  await expect(page.getByLabel('Jumlah Sper Perut Atas')).toHaveValue('30');
  await page.reload();
  await expect(exercise('Sper Perut Atas')).toBeVisible();
  await expect(page.getByLabel('Jumlah Sper Perut Atas')).toHaveValue('30');
  await expect(page.getByLabel('Rata-rata')).toHaveText('Rata-rata 20,60');
  await page.getByRole('button', { name: 'Berhenti' }).click();
  await page.getByRole('button', { name: 'Selesai Sper Perut Atas' }).click();

  // Sper Perut Bawah: minus at zero does nothing (SPEC §5); 50 × 2.5 = 125, capped at 100.
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.getByRole('button', { name: 'Kurangi' }).click();
  await expect(page.getByLabel('Jumlah Sper Perut Bawah')).toHaveValue('0');
  await page.getByLabel('Jumlah Sper Perut Bawah').fill('50');
  await page.getByRole('button', { name: 'Berhenti' }).click();
  await page.getByRole('button', { name: 'Selesai Sper Perut Bawah' }).click();

  // Plank: the stopwatch held for exactly 100 s (× 0.8 = 80); the clock is paused to be exact.
  await page.clock.pauseAt(Date.now() + 5 * 60_000);
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.clock.fastForward(100_000);
  await expect(exercise('Plank').getByRole('timer')).toHaveText('01:40');
  await page.getByRole('button', { name: 'Berhenti' }).click();
  await expect(page.getByLabel('Jumlah Plank')).toHaveValue('100');
  await page.clock.resume();
  await page.getByRole('button', { name: 'Selesai Plank' }).click();

  // (53 + 50 + 75 + 100 + 80) / 5 = 71.6
  await expect(page.getByLabel('Rata-rata')).toHaveText('Rata-rata 71,60');
  await page.getByRole('button', { name: 'Selesai', exact: true }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Data berhasil disimpan');
  await expect(page).toHaveURL(/\/$/);

  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_fisik2).toBe(71.6);
});

test('physical exam: Reset asks, clears the progress and starts again at Lari MFT', async ({ page }) => {
  await openExam(page, FISIK);
  await page.getByRole('button', { name: 'Mulai' }).click();
  await page.getByLabel('Level MFT').selectOption('3.1');
  await page.getByRole('button', { name: 'Berhenti' }).click();
  await page.getByRole('button', { name: 'Selesai Lari MFT' }).click();
  await expect(page.getByRole('region', { name: 'Push Up' })).toBeVisible();
  await expect(page.getByLabel('Rata-rata')).not.toHaveText('Rata-rata 0,00');

  await page.getByRole('button', { name: 'Reset' }).click();
  await confirmReset(page);
  await expect(page.getByRole('region', { name: 'Lari MFT' })).toBeVisible();
  await expect(page.getByLabel('Rata-rata')).toHaveText('Rata-rata 0,00');
  await expect(page.getByRole('button', { name: 'Mulai' })).toBeVisible();
});
