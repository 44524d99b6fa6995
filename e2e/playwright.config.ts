import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

// Debian's Chromium instead of a Playwright browser download (e2e/README.md).
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './scripts/ensure-chromium.ts',
  fullyParallel: true,
  workers: 2,
  // On CI a test that failed gets one more run, reported as flaky; one that fails twice fails the
  // suite (docs/decisions/129). Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Generous for a busy 2-core machine (a whole exam or console flow takes 20–60 s there); a test
  // that needs more says so itself.
  timeout: 120_000,
  expect: { timeout: 15_000 },
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
