import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; the browser tests live in e2e/ (Playwright).
// Workers: at least 3, one more than a 2-core machine's cores. Vitest's own default is one less than
// the cores (1 on 2 cores), and the slowest files mostly wait on processes they start (the launcher,
// the CLI, Caddy, a second server) and on the database, so a third file runs in that wait
// (docs/decisions/179).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
