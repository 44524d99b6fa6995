import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { takeAtTeknik } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';

// The console made for a laptop (docs/decisions/105, 106): a side bar of the pages beside the page
// at 1366×768 and 1920×1080, a folded menu on a 360×740 phone; the recap in compact rows whose
// status, band and correction show without scrolling; the event list's actions in one menu.

test.use({ actionTimeout: 15_000 });

const PAGES = [
  'Kegiatan',
  'Impor',
  'Peserta',
  'Penguji',
  'Soal KESHAN',
  'Sambungkan HP',
  'Progres',
  'Rekap',
  'Audit',
  'Organisasi',
  'Cadangan',
];
const TEKNIK = ['jurus', 'senam', 'blati', 'pasang', 'kripen', 'toyak_senam', 'toyak_jurus'].map(
  (k) => `nilai_${k}`,
);

/** Siti takes three participants of the demo event at TEKNIK; the first gets every TEKNIK exam, the others KRIPEN. */
async function scoreSome(server: TestServer): Promise<void> {
  const { examiner, taken } = await takeAtTeknik(server, 3);
  const [full, ...others] = taken;
  if (!full) throw new Error('no participant taken');
  const save = async (idSiswa: string, field: string) => {
    const body = { id_ukt: 1, id_tingkat: 1, id_siswa: idSiswa, [field]: 70, [`${field}_plus`]: 0 };
    const res = await examiner.post('/DataSiswa/NilaiSiswa', body);
    expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(200);
  };
  for (const field of TEKNIK) await save(full.id_siswa, field);
  for (const s of others) await save(s.id_siswa, 'nilai_kripen');
}

/** No serious or critical axe violation in the console's frame and page. */
async function axe(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
}

/** The page has no sideways scrolling of its own (only a wide table may scroll, inside its frame). */
async function expectNoPageScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the console at ${size.width}×${size.height}: side bar, event actions menu, compact recap, progress chart`, async ({
    page,
    server,
  }) => {
    await scoreSome(server);
    await page.setViewportSize(size);
    await loginAs(page, ADMIN.noWa);
    // The examiner's screens show the phone's outbox in the header; the console's does not (nothing
    // waits, and a laptop's storage is no phone's worry). The same header, opened from the side menu.
    await expect(page.getByRole('button', { name: 'Nilai tertunda: 0' })).toBeVisible();
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.getByRole('button', { name: 'Panitia', exact: true }).click();
    await expect(page).toHaveURL(/\/panitia/);
    await expect(page.getByRole('button', { name: /^Nilai tertunda/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /penyimpanan HP/ })).toHaveCount(0);
    await page.goto('/panitia/kegiatan');
    const tag = `laptop-${size.width}`;

    // The side bar: every page visible at once, left of the page, no menu button.
    const nav = page.getByRole('navigation', { name: 'Halaman panitia' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: /^Menu halaman/ })).toBeHidden();
    for (const name of PAGES) {
      const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${name} within the screen`).toBeLessThanOrEqual(
        size.height,
      );
    }
    const heading = await page.getByRole('heading', { name: 'Kegiatan', level: 1 }).boundingBox();
    const navBox = await nav.boundingBox();
    expect((navBox?.x ?? 0) + (navBox?.width ?? 0)).toBeLessThanOrEqual(heading?.x ?? 0);

    // Kegiatan: one line a row, the actions in a menu that the keyboard can run.
    const table = page.getByRole('table', { name: 'Daftar kegiatan' });
    const row = table.locator('tr[data-id-ukt="1"]');
    await expect(row).toBeVisible();
    expect((await row.boundingBox())?.height).toBeLessThan(100);
    const aksi = row.getByRole('button', { name: /^Aksi/ });
    await aksi.focus();
    await page.keyboard.press('Enter');
    const menu = row.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Ubah' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Aturan lulus' })).toBeFocused();
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(size.width);
    await shot(page, `${tag}-kegiatan-menu`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(aksi).toBeFocused();
    await expectNoPageScroll(page);
    await axe(page, `${tag} kegiatan`);

    // The event chosen on Peserta carries on through the side bar.
    await nav.getByRole('link', { name: 'Peserta', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Peserta', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Kegiatan', exact: true }).selectOption('1');
    await expect(page).toHaveURL(/[?&]ukt=1\b/);
    await nav.getByRole('link', { name: 'Progres', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Progres', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/panitia\/progres\?ukt=1\b/);

    // Progres: complete and "any score" counted apart; the chart's TEKNIK line has the complete one.
    await expect(page.getByTestId('peserta-ada-nilai')).toHaveText('3');
    await expect(page.getByTestId('peserta-lengkap')).toHaveText('0');
    const chart = page.getByRole('img', { name: /Grafik peserta lengkap per pos/ });
    await expect(chart).toBeVisible();
    await expect(page.locator('[data-lini="2"]')).toHaveText(/TEKNIK:\s*1\s*lengkap/);
    const chartBox = await chart.boundingBox();
    expect((chartBox?.x ?? 0) + (chartBox?.width ?? 0)).toBeLessThanOrEqual(size.width);
    expect(chartBox?.height).toBeGreaterThan(120);
    // The chart takes its card's width, not half of it.
    const cardBox = await page
      .getByRole('heading', { name: 'Peserta lengkap per pos' })
      .locator('..')
      .boundingBox();
    expect(chartBox?.width ?? 0).toBeGreaterThan((cardBox?.width ?? 0) * 0.9);
    // Each post and each exam: the share scored, as a bar with its figure.
    const teknik = page.getByRole('progressbar', { name: 'TEKNIK dinilai' });
    await expect(teknik).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
    expect(Number(await teknik.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await chart.scrollIntoViewIfNeeded();
    await shot(page, `${tag}-progres`);
    await expectNoPageScroll(page);
    // 'Belum dinilai' of an exam opens where the eye is, however far down the page it is drawn.
    await page
      .getByRole('button', { name: /^Lihat yang belum dinilai/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Belum dinilai:/ })).toBeInViewport();
    await expect(page.getByRole('heading', { name: /^Belum dinilai:/ })).toBeFocused();
    await page.evaluate(() => window.scrollTo(0, 0));

    // Rekap: compact rows; status, band and Koreksi within the screen and not covered.
    await nav.getByRole('link', { name: 'Rekap', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Rekap nilai', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/panitia\/rekap\?ukt=1\b/);
    const rekap = page.getByRole('table', { name: 'Rekap nilai peserta' });
    const rows = rekap.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(30);
    expect(Math.max(...heights), 'the tallest recap row').toBeLessThanOrEqual(80);
    const first = rows.first();
    for (const kolom of ['status', 'predikat', 'nilai_akhir']) {
      const cell = first.locator(`[data-kolom="${kolom}"]`);
      const box = await cell.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${kolom} within the screen`).toBeLessThanOrEqual(size.width);
      // What is drawn at the cell's middle is the cell itself, not the sticky buttons over it.
      const own = await cell.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top !== null && el.contains(top);
      });
      expect(own, `${kolom} not covered`).toBe(true);
    }
    // The row's actions: one 'Aksi' menu, pinned at the right.
    const koreksi = first.getByRole('button', { name: /^Aksi / });
    const koreksiBox = await koreksi.boundingBox();
    expect((koreksiBox?.x ?? 0) + (koreksiBox?.width ?? 0)).toBeLessThanOrEqual(size.width);
    // A participant missing components: one short line in the exports' words, a long one folded
    // to two lines with the whole text on hover, unfolded by a click.
    const reasons = await rekap.locator('[data-alasan]').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    for (const text of reasons) expect(text).not.toMatch(/belum dinilai$|^Lihat \d+ alasan/);
    expect(reasons.some((text) => /^Belum dinilai: /.test(text))).toBe(true);
    await shot(page, `${tag}-rekap`);
    const folded = rekap.locator('button[data-alasan]').first();
    if ((await folded.count()) > 0) {
      await expect(folded).toHaveAttribute('aria-expanded', 'false');
      await expect(folded).toHaveAttribute('title', (await folded.textContent()) ?? '');
      await folded.click();
      await expect(folded).toHaveAttribute('aria-expanded', 'true');
    }
    // Scores right-aligned, two decimals and a comma in every score column.
    const scores = await rekap.locator('[data-komponen], [data-kolom="nilai_akhir"]').allTextContents();
    for (const text of scores) expect(text).toMatch(/^(–|\d{1,3},\d{2})$/);
    expect(
      await first
        .locator('[data-kolom="nilai_akhir"]')
        .evaluate((el) => getComputedStyle(el.closest('td') as HTMLElement).textAlign),
    ).toBe('right');

    // Scrolled sideways to the last component, the participant and Koreksi stay where they were.
    const nameCell = first.locator('td').first();
    const before = await nameCell.boundingBox();
    await rekap.evaluate((t) => {
      const frame = t.parentElement as HTMLElement;
      frame.scrollLeft = frame.scrollWidth;
    });
    expect((await nameCell.boundingBox())?.x).toBe(before?.x);
    const after = await koreksi.boundingBox();
    expect((after?.x ?? 0) + (after?.width ?? 0)).toBeLessThanOrEqual(size.width);
    await shot(page, `${tag}-rekap-geser`);
    await expectNoPageScroll(page);
    await axe(page, `${tag} rekap`);

    // Audit: the page opens from the side bar with the event kept.
    await nav.getByRole('link', { name: 'Audit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Audit perubahan nilai', level: 1 })).toBeVisible();
    // Fields by their names; the first saves' default bonuses (nothing → 0) left out, unless asked.
    const log = page.getByRole('table', { name: 'Log audit' });
    await expect(log.getByText('KRIPEN', { exact: true }).first()).toBeVisible();
    await expect(log).not.toContainText('nilai_');
    await expect(log).not.toContainText('Nilai tambahan');
    await shot(page, `${tag}-audit`);
    await page.getByLabel(/Tampilkan juga nilai bawaan/).check();
    await expect(log.getByText('Nilai tambahan KRIPEN').first()).toBeVisible();
    await expectNoPageScroll(page);
  });
}

test('the console on a phone: the pages fold into a menu that names the open page', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/peserta?ukt=1');
  const nav = page.getByRole('navigation', { name: 'Halaman panitia' });
  const button = page.getByRole('button', { name: /^Menu halaman/ });
  await expect(page.getByRole('heading', { name: 'Peserta', level: 1 })).toBeVisible();
  await expect(button).toContainText('Peserta');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await shot(page, 'konsol-hp-tertutup');

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  for (const name of PAGES) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await shot(page, 'konsol-hp-menu');
  await axe(page, 'phone menu');

  await nav.getByRole('link', { name: 'Rekap', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Rekap nilai', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/panitia\/rekap\?ukt=1\b/);
  await expect(nav).toBeHidden();
  await expect(button).toContainText('Rekap');
  await expectNoPageScroll(page);
  await shot(page, 'konsol-hp-rekap');
});
