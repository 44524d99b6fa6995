import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; the browser tests live in e2e/ (Playwright).
// Workers: on a developer's machine at least 3, one more than a 2-core machine's cores (Vitest's own
// default is cores − 1): the slowest files mostly wait on processes they start and on the database,
// so a third file runs in that wait. On CI Vitest's default: .ci/run already runs three Nodes' suites
// side by side, which fill the cores (docs/decisions/179).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    maxWorkers: process.env.CI ? undefined : Math.max(3, availableParallelism() - 1),
  },
});
