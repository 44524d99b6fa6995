import type { Page } from '@playwright/test';
import { answerKey, confirmFinish, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { shot } from '../../support/shots';
import { auditCount, outboxOnPhone } from '../../support/sync';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const KESHAN = { event: 1, post: 1, path: '/SoalUjian' } as const;
const LETTERS = ['a', 'b', 'c', 'd'];
const FINISH_QUESTION = 'Apakah anda yakin ingin menyelesaikan ujian?';

/** Answers questions `from`..`to` (1-based) with the right letter, each one's save moving on to the next. */
async function answerRight(page: Page, key: { jawaban_benar: string }[], from: number, to: number) {
  for (let no = from; no <= to; no++) {
    await expect(page.getByRole('region', { name: `Soal ${no}` })).toBeVisible();
    const letter = key[no - 1]?.jawaban_benar ?? 'a';
    await page.getByRole('radio').nth(LETTERS.indexOf(letter)).check();
    await page.getByRole('button', { name: 'Simpan Jawaban' }).click();
  }
}

const dialog = (page: Page) => page.locator('.swal2-popup');
const headerFinish = (page: Page) => page.getByRole('button', { name: 'Selesai', exact: true });

test('KESHAN: finishing with unanswered questions names how many and needs a second confirmation', async ({
  page,
  server,
}) => {
  const { idSiswa } = await openExam(page, KESHAN);
  const key = answerKey(server, 1);
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await expect(page.getByRole('region', { name: 'Soal 1' })).toBeVisible();

  // Nothing answered: the warning says so and its way back leads to the first open question.
  await headerFinish(page).click();
  await expect(dialog(page)).toContainText('20 dari 20 soal belum dijawab');
  await expect(dialog(page)).not.toContainText(FINISH_QUESTION);
  await shot(page, 'keshan-finish-20-open');
  await dialog(page).getByRole('button', { name: 'Ke soal 1' }).click();
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Soal 1' })).toBeVisible();

  // 17 answered, 3 left open: 'Tetap selesai' is not the end; the spec's question follows.
  await answerRight(page, key, 1, 17);
  await expect(page.getByRole('region', { name: 'Soal 18' })).toBeVisible();
  await headerFinish(page).click();
  await expect(dialog(page)).toContainText('3 dari 20 soal belum dijawab');
  await expect(dialog(page).getByRole('button', { name: 'Ke soal 18' })).toBeVisible();
  await shot(page, 'keshan-finish-3-open');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'keshan-finish-3-open-laptop');
  await page.setViewportSize({ width: 360, height: 740 });
  await dialog(page).getByRole('button', { name: 'Tetap selesai' }).click();
  await expect(dialog(page)).toContainText(FINISH_QUESTION);
  await shot(page, 'keshan-finish-second-confirmation');
  // 'Tidak' on the second question: nothing is sent or kept, the test goes on.
  await dialog(page).getByRole('button', { name: 'Tidak' }).click();
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Nilai Akhir KESHAN' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Soal 18' })).toBeVisible();
  await expect(page.getByText('Terjawab 17/20')).toBeVisible();
  expect(await outboxOnPhone(page)).toEqual([]);
  expect(auditCount(server, idSiswa, 'nilai_kshan')).toBe(0);

  // Both confirmed: the 17 answers are graded, the 3 open ones count as empty.
  await headerFinish(page).click();
  await expect(dialog(page)).toContainText('3 dari 20 soal belum dijawab');
  await dialog(page).getByRole('button', { name: 'Tetap selesai' }).click();
  await confirmFinish(page);
  const result = page.getByRole('dialog', { name: 'Nilai Akhir KESHAN' });
  await expect(result.getByLabel('Nilai KESHAN')).toHaveText('85,00');
  await expect(result).toContainText('Benar 17 · Salah 0 · Kosong 3');
  await shot(page, 'keshan-finish-3-open-result');
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kshan).toBe(85);
});

test('KESHAN: with every question answered, finishing asks only the one question', async ({
  page,
  server,
}) => {
  const { idSiswa } = await openExam(page, KESHAN);
  const key = answerKey(server, 1);
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await answerRight(page, key, 1, 20);

  // Saving the last question is the finish control: straight to the spec's question.
  await expect(dialog(page)).toContainText(FINISH_QUESTION);
  await expect(dialog(page)).not.toContainText('belum dijawab');
  await shot(page, 'keshan-finish-all-answered');
  await dialog(page).getByRole('button', { name: 'Tidak' }).click();
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  expect(await outboxOnPhone(page)).toEqual([]);

  // The header's Selesai as well.
  await headerFinish(page).click();
  await expect(dialog(page)).not.toContainText('belum dijawab');
  await confirmFinish(page);
  const result = page.getByRole('dialog', { name: 'Nilai Akhir KESHAN' });
  await expect(result.getByLabel('Nilai KESHAN')).toHaveText('100,00');
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kshan).toBe(100);
});
