import { execFileSync } from 'node:child_process';
import { SERVER_DIR } from './paths';

// The tests that start the server, the CLI, the cluster or the launcher as processes of their own
// start them from a bundle of src/ made once at the start of the run, as `npm run build` makes dist/
// (docs/decisions/179): a process then starts on plain `node` in a third of the CPU time tsx takes to
// compile src/ on the way, and those tests are most of the suite's work. It is built into its own
// folder, never into the dist/ that `npm start` may be running from.

/** Where the run's bundle is written, beside dist/ (so the bundle finds ../../web/dist and node_modules as dist/ does). */
export const TEST_DIST = 'dist-test';

/**
 * UKT_TEST_FROM_SOURCE=1 starts them from src/ through tsx instead, with no bundle made: for
 * `vitest --watch`, whose reruns do not make a new bundle.
 */
export const FROM_SOURCE = process.env.UKT_TEST_FROM_SOURCE === '1';

/** Vitest's global set-up of the server project: bundle src/ before any test file runs. */
export default function setup(): void {
  if (FROM_SOURCE) return;
  execFileSync(process.execPath, ['build.mjs', '--outdir', TEST_DIST], { cwd: SERVER_DIR, stdio: 'inherit' });
}
