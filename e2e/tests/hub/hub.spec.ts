import type { Page } from '@playwright/test';
import { actorOf } from '../../support/api';
import { ADMIN, DEWAN2 } from '../../support/examiners';
import { openExam } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// SPEC §6 as a table: the exams each post shows, by path.
const VISIBLE: Record<number, string[]> = {
  1: ['/SoalUjian', '/UjianKSHAN'],
  2: [
    '/UjianSenam',
    '/UjianPasang',
    '/UjianJurus',
    '/UjianKripen',
    '/UjianBelati',
    '/UjianToyakSenam',
    '/UjianToyakJurus',
  ],
  3: ['/UjianFisik'],
  4: ['/UjianSambung'],
};
const NAMES = ['KESHAN', 'TEKNIK', 'FISIK', 'SAMBUNG'] as const;

const examPaths = (page: Page) =>
  page.locator('[data-exam]').evaluateAll((els) => els.map((e) => e.getAttribute('data-exam') ?? ''));

async function choosePost(page: Page, post: 1 | 2 | 3 | 4) {
  await page.getByRole('button', { name: NAMES[post - 1], exact: true }).click();
  await expect(page.getByRole('heading', { name: `POS UJIAN ${NAMES[post - 1]}` })).toBeVisible();
}

async function changePost(page: Page) {
  await page.getByRole('button', { name: 'Ganti pos' }).click();
  await expect(page.getByText('Pilih Pos Ujian')).toBeVisible();
}

test('the four posts, their headers, Ganti pos, and the exams each post shows', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 1 });
  await expect(page.getByText('Sabuk Polos Ke Jambon')).toBeVisible();
  for (const name of NAMES) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await examPaths(page)).toEqual([]);
  await shot(page, '06-hub-posts');

  for (const post of [1, 2, 3, 4] as const) {
    await choosePost(page, post);
    await expect.poll(() => examPaths(page)).toEqual(VISIBLE[post]);
    const picker = page.getByRole('heading', { name: 'Pilih Peserta' });
    if (post === 4) await expect(picker).toHaveCount(0);
    else await expect(picker).toBeVisible();
    if (post === 4) await shot(page, '07-hub-sambung');
    await changePost(page);
  }
});

test('a dewan 2 examiner sees only the keshan exams', async ({ page }) => {
  await loginAs(page, DEWAN2.noWa, { event: 1 });
  for (const post of [1, 2, 3, 4] as const) {
    await choosePost(page, post);
    await expect.poll(() => examPaths(page)).toEqual(post === 1 ? VISIBLE[1] : []);
    await changePost(page);
  }
});

test('scored exams show a check and the score with two decimals', async ({ page, server }) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  const first = page.locator('[data-id-siswa]').first();
  const idSiswa = (await first.getAttribute('data-id-siswa')) ?? '';
  await first.getByRole('button', { name: /^Pilih/ }).click();
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();

  const api = await actorOf(page, server);
  const base = { id_siswa: Number(idSiswa), id_ukt: 1 };
  const saved = [
    await api.post('/DataSiswa/NilaiSiswa', {
      ...base,
      id_tingkat: 1,
      nilai_jurus: 67.5,
      nilai_jurus_plus: 2,
    }),
    // KSHAN is kept under id_tingkat 5 whatever the event's belt.
    await api.post('/DataSiswa/NilaiSiswa', {
      ...base,
      id_tingkat: 5,
      nilai_kshan: 72.5,
      nilai_kshan_plus: 0,
    }),
    await api.post('/DataSiswa/nilaifisiksiswa', {
      ...base,
      id_tingkat: 1,
      nilai_mft: '1.1',
      nilai_mft2: 1.6,
      nilai_pushup: 10,
      nilai_pushup2: 25,
      nilai_sperperut_atas: 10,
      nilai_sperperut_atas2: 25,
      nilai_sperperut_bawah: 10,
      nilai_sperperut_bawah2: 25,
      nilai_plank: 60,
      nilai_plank2: 48,
    }),
  ];
  for (const r of saved) expect(r.status, JSON.stringify(r.body)).toBe(200);

  await page.reload();
  const jurus = page.locator('[data-exam="/UjianJurus"]');
  await expect(jurus).toContainText('67,50');
  await expect(jurus.getByRole('img', { name: 'Selesai' })).toBeVisible();
  await expect(page.locator('[data-exam="/UjianSenam"]').getByRole('img', { name: 'Selesai' })).toHaveCount(
    0,
  );
  await shot(page, '08-hub-teknik-participant');

  await changePost(page);
  await choosePost(page, 1);
  await expect(page.locator('[data-exam="/UjianKSHAN"]')).toContainText('72,50');
  await expect(page.locator('[data-exam="/SoalUjian"]').getByRole('img', { name: 'Selesai' })).toHaveCount(0);
  await changePost(page);
  await choosePost(page, 3);
  // The physical exam shows its average, nilai_fisik2: (1.6 + 25 + 25 + 25 + 48) / 5.
  await expect(page.locator('[data-exam="/UjianFisik"]')).toContainText('24,92');
});

test('Ganti pos drops the exam in progress (SPEC §4), the participant stays', async ({ page }) => {
  await openExam(page, { event: 1, post: 2, path: '/UjianKripen' });
  await page.locator('li[aria-current="step"]').getByRole('button', { name: '80', exact: true }).click();
  await expect(page.getByText('Rata-rata 80,00')).toBeVisible();

  await page.goto('/');
  await changePost(page);
  await choosePost(page, 2);
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
  await page.locator('[data-exam="/UjianKripen"]').click();
  await expect(page.getByText('Rata-rata 0,00')).toBeVisible();
  await expect(page.locator('ol > li').first()).toHaveAttribute('aria-current', 'step');
});
