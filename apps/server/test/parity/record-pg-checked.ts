import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROUTINES } from '../../src/db/routines';
import { SERVER_DIR } from '../support/paths';
import { currentParts, PG_CHECKED_COMMAND, recordPath, writeRecord } from './pg-checked';

// `npm run pg-checked -w apps/server`: runs the parity files on PostgreSQL and, when every test
// passed, records each routine and its TypeScript twin as they were when the run started
// (docs/decisions/169). The only writer of test/parity/*.pg-checked: a test run never writes them.

const url = process.env.TEST_DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error(`TEST_DATABASE_URL harus menunjuk PostgreSQL. Jalankan:\n  ${PG_CHECKED_COMMAND}`);
  process.exit(2);
}

const parts = new Map(ROUTINES.map((r) => [r.name, currentParts(r.name)]));
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', 'apps/server/test/parity/'], {
  cwd: join(SERVER_DIR, '..', '..'),
  stdio: 'inherit',
});
if (run.status !== 0) {
  console.error('Tes paritas di PostgreSQL tidak lulus semua: catatan .pg-checked tidak ditulis.');
  process.exit(run.status ?? 1);
}
for (const [name, routineParts] of parts) {
  writeRecord(name, routineParts);
  console.log(`dicatat: ${recordPath(name)}`);
}
