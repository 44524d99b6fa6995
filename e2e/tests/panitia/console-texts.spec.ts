import type { Page } from '@playwright/test';
import { takeAtTeknik } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';

// Every page of the console as a committee reads it: no field is named by its developer key
// (no_urut, nama_ukt, nilai_kripen_plus …) in the page's text, its options, labels or titles
// (docs/decisions/107), no date is written as YYYY-MM-DD, and no number with a decimal point: a
// score has two decimals and a comma ('72,50'; docs/decisions/144). The API's messages and the
// exports are scanned by console-texts.test.ts.

test.describe.configure({ timeout: 180_000 });

const PAGES: { link: string; path: string }[] = [
  { link: 'Kegiatan', path: 'kegiatan' },
  { link: 'Impor', path: 'impor' },
  { link: 'Peserta', path: 'peserta' },
  { link: 'Penguji', path: 'penguji' },
  { link: 'Soal KESHAN', path: 'soal' },
  { link: 'Sambungkan HP', path: 'sambungkan' },
  { link: 'Progres', path: 'progres' },
  { link: 'Rekap', path: 'rekap' },
  { link: 'Audit', path: 'audit' },
  { link: 'Organisasi', path: 'organisasi' },
  { link: 'Cadangan', path: 'cadangan' },
];

/** A word shaped like a key: lower-case parts joined by underscores. */
const KEY = /\b[a-z]+(?:_[a-z0-9]+)+\b/g;

/** A date as the database keeps it. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/** A number with a decimal point ('72.5', '81.61'); not a thousands point ('1.501'). */
const POINT_DECIMAL = /(?<![\d.,])\d{1,3}\.\d{1,2}(?![\d.])/g;

/** What may hold a point without being a decimal: a time after a date ('28 Nov 2026, 21.05'), an address or version. */
const NOT_DECIMAL = /\b\d{4},? \d{1,2}[.:]\d{2}(?:[.:]\d{2})?\b|\bpukul \d{1,2}[.:]\d{2}\b|\d+(?:\.\d+){2,}/g;

/** A score cell: '–' when not scored, else two decimals and a comma. */
const SCORE_CELL = /^(–|\d{1,3},\d{2})$/;

/** Everything a reader sees or hears on the page: its text, options, labels, titles, placeholders. */
function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('option, [aria-label], [title], [placeholder]')) {
      parts.push(
        el.tagName === 'OPTION' ? (el.textContent ?? '') : '',
        el.getAttribute('aria-label') ?? '',
        el.getAttribute('title') ?? '',
        el.getAttribute('placeholder') ?? '',
      );
    }
    return parts.join('\n');
  });
}

test('no console page names a field by its key, with scores, corrections and the audit shown', async ({
  page,
  server,
}) => {
  // A take, a score with its extra and a correction, so Progres, Rekap and Audit have rows.
  const {
    examiner,
    taken: [first],
  } = await takeAtTeknik(server, 1);
  if (!first) throw new Error('no participant taken');
  // A score with one decimal: written '72.5' or '72,5' anywhere, the test says so.
  const body = {
    id_ukt: 1,
    id_tingkat: 1,
    id_siswa: first.id_siswa,
    nilai_kripen: 72.5,
    nilai_kripen_plus: 0,
  };
  expect((await examiner.post('/DataSiswa/NilaiSiswa', body)).status).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, ADMIN.noWa);
  const found: string[] = [];
  for (const { link, path } of PAGES) {
    await page.goto(`/panitia/${path}?ukt=1`);
    await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
    await expect(page.getByText('Memuat', { exact: false })).toHaveCount(0);
    if (path === 'audit') await page.getByLabel(/Tampilkan juga nilai bawaan/).check();
    if (path === 'audit') await expect(page.locator('tr[data-field]').first()).toBeVisible();
    if (path === 'rekap') await expect(page.locator('tr[data-id-siswa]').first()).toBeVisible();
    const text = await readable(page);
    for (const key of text.match(KEY) ?? []) found.push(`${link}: ${key}`);
    // Dates are written the Indonesian way ("12 Des 2026"), never as the database keeps them.
    for (const iso of text.match(ISO_DATE) ?? []) found.push(`${link}: ${iso}`);
    // Numbers with a decimal comma, never a point.
    for (const point of text.replace(NOT_DECIMAL, ' ').match(POINT_DECIMAL) ?? [])
      found.push(`${link}: ${point}`);
    // Every score cell with the same two decimals (the recap's components and final, the audit's old → new).
    const cells = await page
      .locator('[data-komponen], [data-kolom="nilai_akhir"], [data-testid="perubahan"]')
      .allTextContents();
    for (const cell of cells) {
      for (const score of cell.split(' → '))
        if (!SCORE_CELL.test(score)) found.push(`${link}: skor ${score}`);
    }
  }
  expect([...new Set(found)]).toEqual([]);
});
