import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Without TEST_DATABASE_URL every API test runs on SQLite only and its PostgreSQL half is skipped.
// That is said loudly, at the start and again under the results, never silently.

/** The command that runs the server's tests on the local PostgreSQL too (README, "Tests"). */
export const PG_COMMAND = 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:unit';

/** A banner of `!` lines saying what was not run on PostgreSQL and how to run it. */
export function skippedBanner(what: string, command = PG_COMMAND): string {
  const bar = '!'.repeat(78);
  return `\n${bar}\n!! PostgreSQL DILEWATI: ${what} (TEST_DATABASE_URL kosong).\n!! Jalankan: ${command}\n${bar}\n`;
}

/**
 * The test files under `dir` whose PostgreSQL half needs TEST_DATABASE_URL (they run on DATABASES);
 * the few that start a throwaway PostgreSQL of their own are not among them.
 */
export function filesWithPostgres(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => /\bDATABASES\b/.test(readFileSync(join(dir, f), 'utf8')));
}

/** Vitest's global set-up of the server project: the banner before the run and after it. */
export default function setup(): (() => void) | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const count = filesWithPostgres(join(import.meta.dirname, '..')).length;
  const banner = skippedBanner(
    `bagian PostgreSQL dari ${count} berkas tes server tidak dijalankan, hanya SQLite`,
  );
  console.warn(banner);
  return () => console.warn(banner);
}
