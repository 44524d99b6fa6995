import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** apps/server, where the bench runs its server builds from. */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the bench builds the server it measures (bench/dist, ignored by git): its own copy, so a
 * bench never rewrites the dist/ that `npm start` or another test may be running from.
 */
export const BENCH_DIST = 'bench/dist';

/** Bundles server.js, cluster.js and cli.js into BENCH_DIST, as `npm run build` does into dist/. */
export function buildServer(): void {
  console.log(`Membangun server (${BENCH_DIST})…`);
  execFileSync(process.execPath, ['build.mjs', '--outdir', BENCH_DIST], {
    cwd: SERVER_DIR,
    stdio: 'inherit',
  });
}
