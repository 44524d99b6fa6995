import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; the browser tests live in e2e/ (Playwright).
// One file at a time (Vitest's default on 2 cores): three at once was tried and showed races between
// files of one database that are not mended yet (docs/decisions/179).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
  },
});
