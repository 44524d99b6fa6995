import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../../support/examiners';
import { openExam } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// Accessibility of every examiner screen (DESIGN §8, docs/decisions/058): axe-core's WCAG 2.1 A and
// AA rules in Chromium at the phone viewport; a serious or critical violation fails the test. The
// same screens must also run without anything the page's CSP blocks (Lighthouse's best practices
// list such a violation; decision 059).

test.use({ actionTimeout: 15_000 });

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
});

/** Waits for `ready`, saves a screenshot, and fails on any serious or critical axe violation. */
async function audit(page: Page, name: string, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  // Nothing half-drawn: no loading overlay or spinner left.
  await expect(page.locator('#app-loading')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Memuat/ })).toHaveCount(0);
  await shot(page, `a11y-${name}`);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map(
        (n) => `${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      );
      return `${v.id} (${v.impact}): ${v.help}\n    ${nodes.join('\n    ')}`;
    });
  expect(blocking, `axe on ${name} (${page.url()})`).toEqual([]);
  expect(await page.evaluate(() => window.cspViolations), `CSP on ${name}`).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name });

test('login and code screens', async ({ page }) => {
  await page.goto('/login');
  await audit(page, 'login', page.getByLabel('Nomor WhatsApp'));
  await page.getByLabel('Nomor WhatsApp').fill(ADMIN.noWa.replace(/^62/, ''));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp$/i);
  await page.locator('.swal2-popup').waitFor();
  await page.keyboard.press('Escape');
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await audit(page, 'otp', page.getByLabel('Digit 1'));
});

test('event list, hub, post choice, picker and participant card', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await audit(page, 'event', page.getByRole('button', { name: 'Pilih Kegiatan' }).first());
  await page.locator('[data-id-ukt="1"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  await expect(page).toHaveURL(/\/$/);
  await audit(page, 'hub', page.getByRole('button', { name: 'TEKNIK', exact: true }));
  await page.getByRole('button', { name: 'TEKNIK', exact: true }).click();
  await audit(page, 'picker', page.locator('li[data-id-siswa]').first());
  await page
    .locator('li[data-id-siswa]')
    .first()
    .getByRole('button', { name: /^Pilih / })
    .click();
  await audit(page, 'hub-participant', page.getByRole('button', { name: 'Ganti Peserta' }));
});

test('the TEKNIK post’s exam screens', async ({ page }) => {
  await openExam(page, { event: 1, post: 2, path: '/UjianJurus' });
  const screens: [string, string, RegExp][] = [
    ['jurus', '/UjianJurus', /Jurus/i],
    ['senam', '/UjianSenam', /Senam/i],
    ['belati', '/UjianBelati', /Belati/i],
    ['pasang', '/UjianPasang', /Pasang/i],
    ['kripen', '/UjianKripen', /Kripen/i],
    ['toyak-senam', '/UjianToyakSenam', /Toyak/i],
    ['toyak-jurus', '/UjianToyakJurus', /Toyak/i],
  ];
  for (const [i, [name, path, title]] of screens.entries()) {
    if (i > 0) await page.goto(path);
    await audit(page, name, page.getByText(title).first());
  }
});

test('the KESHAN post: written test (welcome and a question) and KSHAN', async ({ page }) => {
  await openExam(page, { event: 1, post: 1, path: '/SoalUjian' });
  await audit(page, 'keshan-welcome', heading(page, 'Selamat Datang di Ujian KESHAN'));
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await audit(page, 'keshan-question', page.getByRole('button', { name: 'Simpan Jawaban' }));
  await page.goto('/UjianKSHAN');
  await audit(page, 'kshan', page.getByText(/KSHAN/).first());
});

test('the FISIK and SAMBUNG posts', async ({ page }) => {
  await openExam(page, { event: 1, post: 3, path: '/UjianFisik' });
  await audit(page, 'fisik', page.getByRole('button', { name: 'Mulai' }).first());
  await page.goto('/');
  await page.getByRole('button', { name: 'Ganti pos' }).click();
  await page.getByRole('button', { name: 'SAMBUNG', exact: true }).click();
  await expect(heading(page, 'POS UJIAN SAMBUNG')).toBeVisible();
  await page.goto('/UjianSambung');
  await audit(page, 'sambung', page.getByText('Peserta 1').first());
});
