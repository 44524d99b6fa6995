import { ADMIN } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import {
  finishDrawExam,
  takeParticipant,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

// DESIGN §7 and docs/decisions/071: the service worker keeps the app shell only. Roster and questions
// are kept by the app in IndexedDB; an API answer kept by the worker could be served stale.
test('the service worker caches no API answer and leaves API navigations to the server', async ({ page }) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Use the app under the worker: the roster warm-up, a take, a score, the hub's reads after a reload.
  await waitForRosterCache(page, 1);
  await takeParticipant(page, 0);
  await finishDrawExam(page, '/UjianKripen', 70, 'Nilai berhasil disimpan');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();
  await expect(page.locator('[data-exam="/UjianKripen"] [data-sync="sent"]')).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html'); // the shell is there, so an empty list would not pass
  expect(cached.filter((path) => path.toLowerCase().startsWith('/uktnew/'))).toEqual([]);

  // A navigation to the API gets the server's JSON, not the app shell from the worker.
  const answer = await page.goto('/uktNEW/api/DataSiswa/UKT');
  expect(answer?.fromServiceWorker()).toBe(false);
  expect(answer?.headers()['content-type']).toContain('application/json');
  expect(await answer?.json()).toMatchObject({ success: false });
});
