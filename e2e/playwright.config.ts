import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

// Debian's Chromium instead of a Playwright browser download (e2e/README.md).
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './scripts/ensure-chromium.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous for slow or busy machines; a passing test takes a few seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
