import { defineProject } from 'vitest/config';

// API tests start the app in-process (app.inject) on a fresh database per file.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
