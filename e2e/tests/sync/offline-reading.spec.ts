import { ADMIN } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import {
  pendingCount,
  takeParticipant,
  waitForCached,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

test('with no signal the KESHAN questions come from the copy made when the event was chosen', async ({
  page,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 1 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await waitForCached(page, 'soal:1');
  await page.context().setOffline(true);
  // A new participant clears the exam state (SPEC §4), the questions' localStorage copy included.
  await takeParticipant(page, 0);
  await page.locator('[data-exam="/SoalUjian"]').click();
  await page.getByRole('button', { name: 'Mulai Ujian' }).click();
  await expect(page).toHaveURL(/\/SoalUjian\/?\?no=1$/);
  await expect(page.getByRole('radio')).toHaveCount(4);
  await expect(pendingCount(page)).toHaveText('1'); // the take, queued
});

test('installable: the web manifest names the app and lists its icons, which are served', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href ?? '')).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'UKT Penguji', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
});
