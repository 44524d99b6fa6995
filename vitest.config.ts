import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; the browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
  },
});
