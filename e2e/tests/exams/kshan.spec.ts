import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { confirmFinish, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

// Chromium's fake microphone and auto-accepted permission prompt, so MediaRecorder records headless.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('KSHAN: a recording is uploaded, Hapus removes it, one question unanswered halves the score', async ({
  page,
  server,
}) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 1, path: '/UjianKSHAN' });
  const soal1 = page.getByRole('region', { name: 'Soal 1' });
  await soal1.getByRole('button', { name: 'Rekam' }).click();
  await expect(soal1.getByText('Sedang merekam…')).toBeVisible();
  await page.waitForTimeout(1_500); // a second and a half of the fake microphone's tone
  await soal1.getByRole('button', { name: 'Stop' }).click();
  await dismissDialog(page, 'Audio uploaded successfully!');
  await expect(soal1.getByLabel('Rekaman soal 1')).toBeVisible();
  const stored = readdirSync(join(server.dataDir, 'audio', '1'));
  expect(stored.some((f) => f.includes(idSiswa))).toBe(true);

  await soal1.getByRole('button', { name: 'Hapus' }).click();
  await expect(soal1.getByLabel('Rekaman soal 1')).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Selesai' })).toBeDisabled();
  await soal1.getByRole('group', { name: 'Nilai Soal 1' }).getByRole('button', { name: '80' }).click();
  await expect(page.getByLabel('Nilai KSHAN')).toHaveText('Nilai 40,00'); // (80 + 0) / 2
  await page.getByRole('button', { name: 'Selesai' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  await expect(page).toHaveURL(/\/$/);

  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 5, id_ukt: 1 });
  expect(nilai.nilai_kshan).toBe(40);
});
