import type { Page } from '@playwright/test';
import {
  confirmFinish,
  confirmReset,
  dismissDialog,
  importEvent,
  openExam,
  readNilai,
} from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const PASANG_BELT_3 = { event: 3, post: 2, path: '/UjianPasang' } as const;
const pair = (page: Page, no: number) => page.getByRole('listitem', { name: `Pasang ${no}`, exact: true });
const clock = (page: Page) => page.getByRole('timer', { name: 'Waktu pasang' });

test('pasang belt 3: 15 of 20 right with bonus 3 is 75.5; a reload keeps time and answers', async ({
  page,
  server,
}) => {
  await importEvent(server, 3, 3);
  await page.clock.install();
  const { idSiswa } = await openExam(page, PASANG_BELT_3);
  await expect(clock(page)).toHaveText('03:00');
  await expect(page.locator('ol > li')).toHaveCount(20);

  // Answers are locked until the clock runs.
  await expect(pair(page, 1).getByRole('button', { name: 'Benar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Mulai' }).click();
  await pair(page, 1).getByRole('button', { name: 'Salah' }).click();
  await pair(page, 1).getByRole('button', { name: 'Benar' }).click(); // changeable while running
  for (let no = 2; no <= 10; no++) await pair(page, no).getByRole('button', { name: 'Benar' }).click();

  await page.clock.fastForward('01:00');
  await page.reload();
  // 3:00 less the minute skipped and the real seconds the steps took (many on a busy machine).
  await expect(clock(page)).toHaveText(/^01:[0-5]\d$/);
  await expect(page.getByRole('button', { name: 'Jeda' })).toBeVisible();
  await expect(pair(page, 10).getByRole('button', { name: 'Benar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Terjawab 10')).toBeVisible();

  await page.getByRole('button', { name: 'Jeda' }).click();
  await expect(pair(page, 11).getByRole('button', { name: 'Benar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Mulai' }).click();
  for (let no = 11; no <= 15; no++) await pair(page, no).getByRole('button', { name: 'Benar' }).click();
  await expect(page.getByRole('button', { name: 'Selesai' })).toHaveCount(0);
  for (let no = 16; no <= 20; no++) await pair(page, no).getByRole('button', { name: 'Salah' }).click();

  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keterangan' });
  await expect(dialog).toContainText('Jumlah Soal20');
  await expect(dialog).toContainText('Benar15');
  await expect(dialog).toContainText('Salah5');
  await expect(dialog).toContainText('Nilai72,50');
  await dialog.getByLabel('Nilai Tambahan 1-5').fill('3');
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText('75,50');
  await dialog.getByRole('button', { name: 'Selesai' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  await expect(page).toHaveURL(/\/$/);

  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 3, id_ukt: 3 });
  expect(nilai.nilai_pasang).toBe(75.5);
  expect(nilai.nilai_pasang_plus).toBe(3);
});

test('pasang: at zero the clock stops, answers lock and Selesai appears; Reset restores the clock', async ({
  page,
}) => {
  await page.clock.install();
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianPasang' });
  await expect(clock(page)).toHaveText('02:00'); // belt 1: two minutes, pairs 1–4
  await page.getByRole('button', { name: 'Mulai' }).click();
  await pair(page, 1).getByRole('button', { name: 'Benar' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await confirmReset(page);
  await expect(clock(page)).toHaveText('02:00');
  await expect(page.getByText('Terjawab 0')).toBeVisible();

  await page.getByRole('button', { name: 'Mulai' }).click();
  await pair(page, 1).getByRole('button', { name: 'Benar' }).click();
  await pair(page, 2).getByRole('button', { name: 'Benar' }).click();
  await page.clock.fastForward('02:01');
  await expect(page.getByText('Waktu Habis')).toBeVisible();
  await expect(clock(page)).toHaveText('00:00');
  await expect(pair(page, 3).getByRole('button', { name: 'Benar' })).toBeDisabled();

  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keterangan' });
  await expect(dialog).toContainText('Waktu HabisYa');
  await expect(dialog).toContainText('Terjawab2');
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText('65,00'); // 50 + 30/4 × 2
  await dialog.getByRole('button', { name: 'Selesai' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_pasang).toBe(65);
});
