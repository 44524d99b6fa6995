import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));

/** Saves a 360x740 screenshot of the screen under e2e/test-output/ (git-ignored) for review. */
export async function shot(page: Page, name: string): Promise<void> {
  // Let finite animations (dialogs sliding in) end first, for at most 1 s; spinners run forever.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  await page.screenshot({ path: `${OUT}${name}.png` });
}
