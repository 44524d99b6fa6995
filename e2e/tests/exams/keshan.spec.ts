import { answerKey, confirmFinish, confirmReset, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const KESHAN = { event: 1, post: 1, path: '/SoalUjian' } as const;
const LETTERS = ['a', 'b', 'c', 'd'];

test('KESHAN: 13 right of 20, a reload in the middle resumes, the server grades 65', async ({
  page,
  server,
}) => {
  await page.clock.install();
  const { idSiswa } = await openExam(page, KESHAN);
  const key = answerKey(server, 1);
  expect(key).toHaveLength(20);

  await expect(page.getByRole('heading', { name: 'Selamat Datang di Ujian KESHAN' })).toBeVisible();
  const font = page.getByLabel('Ukuran huruf saat ini');
  await expect(font).toHaveText('15');
  await page.getByRole('button', { name: 'Besar' }).click();
  await page.getByRole('button', { name: 'Besar' }).click();
  await page.getByRole('button', { name: 'Kecil' }).click();
  await expect(font).toHaveText('16');
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await expect(page).toHaveURL(/\/SoalUjian\/?\?no=1$/);
  // The clock runs in real time here: a busy machine may take a few seconds to look.
  await expect(page.getByRole('timer', { name: 'Sisa waktu' })).toHaveText(/^(10:00|09:[45]\d)$/);

  for (let i = 0; i < 20; i++) {
    const no = i + 1;
    if (no === 4) {
      // 'Lewati' moves on without an answer; the grid brings the examiner back.
      await page.getByRole('button', { name: 'Lewati' }).click();
      await expect(page).toHaveURL(/\?no=5$/);
      await page
        .getByRole('navigation', { name: 'Nomor soal' })
        .getByRole('button', { name: 'Soal 4', exact: true })
        .click();
    }
    if (no === 8) {
      await page.clock.fastForward('02:00');
      await page.reload();
      await expect(page).toHaveURL(/\?no=8$/);
      await expect(page.getByRole('button', { name: 'Soal 7 (terjawab)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Soal 8', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('timer', { name: 'Sisa waktu' })).toHaveText(/^0[78]:\d\d$/);
    }
    await expect(page.getByRole('region', { name: `Soal ${no}` })).toBeVisible();
    const right = key[i]?.jawaban_benar ?? 'a';
    // 13 right answers, then 7 wrong ones.
    const letter = i < 13 ? right : (LETTERS.find((l) => l !== right) ?? 'a');
    await page.getByRole('radio').nth(LETTERS.indexOf(letter)).check();
    await page.getByRole('button', { name: 'Simpan Jawaban' }).click();
  }

  // Saving the last question is the finish control.
  await confirmFinish(page);
  const result = page.getByRole('dialog', { name: 'Nilai Akhir KESHAN' });
  await expect(result.getByLabel('Nilai KESHAN')).toHaveText('65,00');
  await expect(result).toContainText('Benar 13 · Salah 7 · Kosong 0');
  await result.getByRole('button', { name: 'Tutup' }).click();
  await expect(page).toHaveURL(/\/$/);

  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_kshan).toBe(65);
});

test('KESHAN: time up shows Waktu Habis, returns to SoalUjian; Reset starts over', async ({ page }) => {
  await page.clock.install();
  await openExam(page, KESHAN);
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Simpan Jawaban' }).click();
  await expect(page).toHaveURL(/\?no=2$/);

  await page.clock.fastForward('10:01');
  const dialog = page.locator('.swal2-popup');
  await expect(dialog).toContainText('Waktu Habis');
  await expect(dialog).toContainText('Waktu Ujian Habis');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/SoalUjian$/);
  await expect(page.getByText('Terjawab 1 dari 20 soal.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kirim Jawaban' })).toBeVisible();

  await page.getByRole('button', { name: 'Reset' }).click();
  await confirmReset(page);
  await expect(page.getByRole('heading', { name: 'Selamat Datang di Ujian KESHAN' })).toBeVisible();
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  // The full ten minutes again (give or take the seconds a busy machine takes to look).
  await expect(page.getByRole('timer', { name: 'Sisa waktu' })).toHaveText(/^(10:00|09:[45]\d)$/);
  await expect(page.getByRole('button', { name: /terjawab/ })).toHaveCount(0);
});
