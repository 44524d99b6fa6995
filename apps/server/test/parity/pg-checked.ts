import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { ROUTINES, routineHash, routineText } from '../../src/db/routines';
import { skippedBanner } from '../support/postgres-skipped';

// A routine's parity rows last passed on PostgreSQL with the text whose hash is in
// <routine>.pg-checked (committed). Without TEST_DATABASE_URL the suite says so loudly and fails
// when the routine's text is no longer that one: a changed routine must be run on PostgreSQL
// once, which records its new hash (docs/decisions/143).

const recordOf = (name: string) => join(import.meta.dirname, `${name}.pg-checked`);

/** The hash of a routine's text as it is now. */
export function currentHash(name: string): string {
  const routine = ROUTINES.find((r) => r.name === name);
  if (!routine) throw new Error(`rutin ${name} tidak dikenal`);
  return routineHash(routineText(routine));
}

/** The hash recorded by the last run of the routine's rows on PostgreSQL, if any. */
export function checkedHash(name: string): string | undefined {
  const file = recordOf(name);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Registers, in the parity file of routine `name`: without PostgreSQL, a banner and a test that
 * fails when the routine changed since its rows last passed there; with PostgreSQL, the record of
 * this text once every test of the file passed.
 */
export function pgChecked(name: string, onPostgres: boolean): void {
  if (!onPostgres) {
    console.warn(
      skippedBanner(
        `${name} tidak diuji`,
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run apps/server/test/parity',
      ),
    );
    it(`${name} is, as recorded, the text whose rows last passed on PostgreSQL`, () => {
      expect(
        currentHash(name),
        `${name} berubah sejak terakhir diuji di PostgreSQL: jalankan test/parity dengan TEST_DATABASE_URL`,
      ).toBe(checkedHash(name));
    });
    return;
  }
  let failed = false;
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      failed = true;
    });
  });
  afterAll(() => {
    if (!failed) writeFileSync(recordOf(name), `${currentHash(name)}\n`);
  });
}

/** A participant id no event has. */
export const MISSING_SISWA = 999_999;

/**
 * The participant of the n-th situation: its own one of event 1 (`mine`), one of another event
 * (`outside`, shared round the rows), or one that does not exist.
 */
export function siswaOfSituation(
  peserta: 'milik' | 'luar' | 'tidak-ada',
  n: number,
  mine: readonly number[],
  outside: readonly number[],
): number {
  if (peserta === 'milik') return mine[n] as number;
  if (peserta === 'luar') return outside[n % outside.length] as number;
  return MISSING_SISWA;
}
