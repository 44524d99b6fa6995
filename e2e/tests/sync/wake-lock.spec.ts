import { openExam } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

test.use({ actionTimeout: 15_000 });

test('the screen is kept awake while a timed exam runs, and released when it stops', async ({ page }) => {
  // Headless Chromium refuses real wake locks; a stand-in counts the locks the app holds.
  await page.addInitScript(() => {
    const state = { held: 0, requests: 0 };
    Object.assign(window, { wakeLockState: state });
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async () => {
          state.requests++;
          state.held++;
          let released = false;
          return {
            release: async () => {
              if (!released) state.held--;
              released = true;
            },
          };
        },
      },
    });
  });
  const held = () =>
    page.evaluate(() => (window as unknown as { wakeLockState: { held: number } }).wakeLockState);
  await openExam(page, { event: 1, post: 2, path: '/UjianPasang' });
  await expect(page.getByRole('button', { name: 'Mulai' })).toBeVisible();
  expect((await held()).held).toBe(0);

  await page.getByRole('button', { name: 'Mulai' }).click();
  await expect.poll(async () => (await held()).held).toBe(1);
  await page.getByRole('button', { name: 'Jeda' }).click();
  await expect.poll(async () => (await held()).held).toBe(0);

  // Leaving a running exam releases it too.
  await page.getByRole('button', { name: 'Mulai' }).click();
  await expect.poll(async () => (await held()).held).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await held()).held).toBe(0);
});
