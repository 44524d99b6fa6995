import { defineProject } from 'vitest/config';

// API tests start the app in-process (app.inject) on a fresh database per file. The limits are for a
// busy 2-core CI machine running two suites side by side (docs/decisions/129), not a measure of speed.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Without TEST_DATABASE_URL: a banner before and after the run (the PostgreSQL half is skipped).
    // Then src/ bundled once for the tests that start it as processes (decision 179).
    globalSetup: ['test/support/postgres-skipped.ts', 'test/support/process-build.ts'],
    // On CI a test that failed gets one more run, reported as retried; one that fails twice fails the
    // run, as the browser tests do (docs/decisions/129, 179). Locally a failure is a failure.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
