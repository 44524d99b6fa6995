import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { confirmFinish, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { finishDrawExam, takeParticipant, waitForServiceWorker } from '../../support/sync';

test.use({ actionTimeout: 15_000 });

/**
 * Fails on any serious or critical axe violation (WCAG 2.1 A/AA) of what is on screen now, or only of
 * the part `only` selects.
 */
async function expectAccessible(page: Page, what: string, only?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (only) builder.include(only);
  const { violations } = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  expect(blocking, `axe on ${what}`).toEqual([]);
}

const openMenuItem = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name }).click();
};
const lockScreen = (page: Page) => page.getByRole('dialog', { name: 'Aplikasi terkunci' });
const signOutPanel = (page: Page) => page.getByRole('dialog', { name: 'Keluar dari aplikasi' });

test('the loading overlay covers the start and is gone about 150 ms after load', async ({ page }) => {
  // Records when the page finished loading and when the overlay left the document.
  await page.addInitScript(() => {
    const w = window as unknown as { loadedAt?: number; overlayGoneAt?: number };
    window.addEventListener('load', () => {
      w.loadedAt = performance.now();
    });
    new MutationObserver(() => {
      if (
        w.overlayGoneAt === undefined &&
        document.readyState !== 'loading' &&
        !document.getElementById('app-loading')
      )
        w.overlayGoneAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto('/login');
  expect(await response?.text()).toContain('id="app-loading"');
  await expect(page.locator('#app-loading')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const { loadedAt, overlayGoneAt } = await page.evaluate(() => {
    const w = window as unknown as { loadedAt?: number; overlayGoneAt?: number };
    return { loadedAt: w.loadedAt ?? Number.NaN, overlayGoneAt: w.overlayGoneAt ?? Number.NaN };
  });
  // 150 ms after load it starts to fade (0.2 s), then it is removed.
  expect(overlayGoneAt - loadedAt).toBeGreaterThanOrEqual(150);
  // Gone, not stuck: the upper bound is loose for a busy machine (decision 129).
  expect(overlayGoneAt - loadedAt).toBeLessThan(5_000);
});

test('sign out from the slide-up panel: refused while a score is unsent, allowed after the export; a forgotten lock PIN leads there too', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await takeParticipant(page, 0);
  await page.context().setOffline(true);
  await finishDrawExam(page, '/UjianKripen', 70, 'Nilai tersimpan di HP');

  await openMenuItem(page, 'Sign Out');
  const panel = signOutPanel(page);
  await expect(panel).toContainText('Nilai belum terkirim');
  await expect(panel).toContainText('1 nilai masih tersimpan di HP dan belum diterima server');
  await expect(panel.getByRole('button', { name: 'Keluar' })).toHaveCount(0);
  await shot(page, 'panel-01-sign-out-unsent');
  await expectAccessible(page, 'the sign-out panel');
  await panel.getByRole('button', { name: 'Batal' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  // Locked with the score still unsent, then the PIN is forgotten: the way out is the same panel.
  await openMenuItem(page, 'Kunci Aplikasi');
  const lockPanel = page.getByRole('dialog', { name: 'Kunci aplikasi' });
  await lockPanel.getByLabel('PIN baru').fill('2468');
  await lockPanel.getByLabel('Ulangi PIN').fill('2468');
  await lockPanel.getByRole('button', { name: 'Simpan & kunci' }).click();
  await expect(lockScreen(page)).toBeVisible();
  await lockScreen(page).getByRole('button', { name: 'Lupa PIN? Keluar' }).click();
  await expect(panel).toContainText('1 nilai masih tersimpan di HP');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Ekspor nilai tertunda' }).click();
  const exported = JSON.parse(readFileSync((await (await download).path()) ?? '', 'utf8'));
  expect(exported.items).toHaveLength(1);
  await expect(panel).toContainText('1 nilai tersimpan di file');
  await shot(page, 'panel-02-sign-out-exported');
  await panel.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signing out forgets the PIN with everything else of the session.
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ukt:kunci:'))),
  ).toEqual([]);
});

test('lock app: a 4-digit PIN kept only as a hash; locked, the app asks for it first, also after a reload', async ({
  page,
}) => {
  await loginAs(page, PENGUJI.noWa, { event: 1, post: 2 });
  await openMenuItem(page, 'Kunci Aplikasi');
  const lockPanel = page.getByRole('dialog', { name: 'Kunci aplikasi' });
  await expect(lockPanel).toContainText('Buat PIN 4 angka');
  await lockPanel.getByLabel('PIN baru').fill('1357');
  await lockPanel.getByLabel('Ulangi PIN').fill('1375');
  await lockPanel.getByRole('button', { name: 'Simpan & kunci' }).click();
  await expect(lockPanel.getByRole('alert')).toHaveText(
    'PIN tidak sama. Ketik PIN yang sama di kedua kolom.',
  );
  await lockPanel.getByLabel('Ulangi PIN').fill('1357');
  await shot(page, 'panel-03-lock-set-pin');
  await expectAccessible(page, 'the lock panel');
  await lockPanel.getByRole('button', { name: 'Simpan & kunci' }).click();

  const lock = lockScreen(page);
  await expect(lock).toBeVisible();
  // Nothing behind the lock can be reached.
  await expect(page.getByRole('button', { name: 'Buka menu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toHaveCount(0);
  // Only a salted hash is stored, under this examiner.
  const stored = await page.evaluate(() =>
    Object.entries(localStorage).filter(([k]) => k.startsWith('ukt:kunci:')),
  );
  expect(stored).toHaveLength(1);
  const record = JSON.parse(stored[0]?.[1] ?? '{}');
  expect(Object.keys(record).sort()).toEqual(['hash', 'locked', 'salt']);
  expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(record)).not.toContain('"1357"');

  await page.reload();
  await expect(lock).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buka menu' })).toHaveCount(0);
  await lock.getByLabel('Masukkan PIN').fill('9999');
  await expect(lock.getByRole('alert')).toHaveText('PIN salah. Coba lagi.');
  await expect(lock.getByLabel('Masukkan PIN')).toHaveValue('');
  await shot(page, 'panel-04-lock-wrong-pin');
  await expectAccessible(page, 'the lock screen');
  await lock.getByLabel('Masukkan PIN').fill('1357');
  await expect(lock).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();

  // With a PIN set, locking again is one tap; it holds across a reload until the PIN is typed.
  await openMenuItem(page, 'Kunci Aplikasi');
  await expect(lockPanel).toContainText('Setelah dikunci');
  await lockPanel.getByRole('button', { name: 'Kunci sekarang' }).click();
  await expect(lock).toBeVisible();
  await page.reload();
  await lock.getByLabel('Masukkan PIN').fill('1357');
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();
});

test('the search box clear icon empties the search and brings the whole list back', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  const rows = page.locator('li[data-id-siswa]');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  const search = page.getByRole('searchbox', { name: 'Cari peserta' });
  await expect(page.getByRole('button', { name: 'Hapus pencarian' })).toHaveCount(0);
  await search.fill('zzzz tidak ada');
  await expect(rows).toHaveCount(0);
  await shot(page, 'panel-05-search-clear');
  await page.getByRole('button', { name: 'Hapus pencarian' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(rows).toHaveCount(all);
  await expect(page.getByRole('button', { name: 'Hapus pencarian' })).toHaveCount(0);
});

test('quick tags 0–5 fill the extra score, and the saved score includes it', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianKripen' });
  for (const score of [70, 70, 70, 70, 70]) {
    await page
      .locator('li[aria-current="step"]')
      .getByRole('button', { name: String(score), exact: true })
      .click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hasil Tes Kripen' });
  const tags = dialog.getByRole('group', { name: 'Pilihan cepat' });
  await expect(tags.getByRole('button')).toHaveText(['0', '1', '2', '3', '4', '5']);
  await expect(tags.getByRole('button', { name: '0', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await tags.getByRole('button', { name: '4', exact: true }).click();
  await expect(dialog.getByLabel('Nilai Tambahan Dari Penilai 1-5')).toHaveValue('4');
  await expect(tags.getByRole('button', { name: '4', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Nilai Akhir')).toHaveText('74,00');
  await shot(page, 'panel-06-quick-tags');
  // Only the tags: the rest of the exam screen is audited by a11y.spec.ts.
  await expectAccessible(page, 'the quick tags', 'fieldset');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect(nilai.nilai_kripen).toBe(74);
  expect(nilai.nilai_kripen_plus).toBe(4);
});
