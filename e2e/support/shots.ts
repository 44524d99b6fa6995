import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));

/** Saves a 360x740 screenshot of the screen under e2e/test-output/ (git-ignored) for review. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${OUT}${name}.png` });
}
