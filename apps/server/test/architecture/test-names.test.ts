import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR, SRC_DIR } from '../support/paths';

// A test is found where its code is (docs/decisions/177): test/<folder>/<source>.test.ts tests
// src/<folder>/<source>.ts, and <source>.<aspect>.test.ts one side of it when a source has several
// test files (rekap.panitia.routes.export.test.ts). A test of an area's API is named after its
// routes file. architecture/, ops/ and parity/ test the tree, the deployment and the twins as a
// whole, and support/ holds no tests. Every area of src/modules/ has a test folder of its own.

const TEST_DIR = join(SERVER_DIR, 'test');
const WHOLE = ['architecture', 'ops', 'parity', 'support'];

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/**
 * The source a test file names, or undefined: the longest run of its name's leading dot-separated
 * parts that is a .ts file, or a routine's .sql (nilai.pg.sql), in the same folder of src/.
 */
export function sourceOf(testPath: string, sources: ReadonlySet<string>): string | undefined {
  const slash = testPath.lastIndexOf('/');
  const folder = testPath.slice(0, slash + 1);
  const parts = testPath
    .slice(slash + 1)
    .replace(/\.test\.ts$/, '')
    .split('.');
  for (let n = parts.length; n > 0; n--) {
    for (const ext of ['.ts', '.sql']) {
      const source = `${folder}${parts.slice(0, n).join('.')}${ext}`;
      if (sources.has(source)) return source;
    }
  }
  return undefined;
}

/** The test files (outside the folders that test the whole) that name no source file. */
export function testsNamingNoSource(tests: readonly string[], sources: ReadonlySet<string>): string[] {
  return tests
    .filter((t) => t.endsWith('.test.ts') && !WHOLE.includes(t.split('/')[0] as string))
    .filter((t) => sourceOf(t, sources) === undefined);
}

/** The areas of src/modules/ without a test under test/modules/<area>/. */
export function areasWithoutTests(tests: readonly string[], sources: ReadonlySet<string>): string[] {
  const areas = new Set([...sources].filter((s) => s.startsWith('modules/')).map((s) => s.split('/')[1]));
  const tested = new Set(tests.filter((t) => t.startsWith('modules/')).map((t) => t.split('/')[1]));
  return [...areas].filter((a): a is string => a !== undefined && !tested.has(a)).sort();
}

describe('server test names', () => {
  const sources = new Set(filesUnder(SRC_DIR).filter((f) => f.endsWith('.ts') || f.endsWith('.sql')));
  const tests = filesUnder(TEST_DIR).filter((f) => f.endsWith('.test.ts'));

  it('name the source file they test, in the folder that mirrors its folder', () => {
    const misnamed = testsNamingNoSource(tests, sources);
    expect(
      misnamed,
      `tests that name no file of src/ (see docs/decisions/177):\n${misnamed.join('\n')}\n`,
    ).toEqual([]);
  });

  it('hold a folder for every area', () => {
    expect(areasWithoutTests(tests, sources)).toEqual([]);
  });

  it('finds a badly named test, one in a folder src/ lacks, and an area without tests', () => {
    const planted = new Set([
      'modules/results/rekap.panitia.routes.ts',
      'modules/results/rekap-csv.ts',
      'modules/nilai/nilai.pg.sql',
      'modules/health/health.routes.ts',
      'cli/run.ts',
    ]);
    const plantedTests = [
      'modules/results/rekap.panitia.routes.test.ts',
      'modules/results/rekap.panitia.routes.export.test.ts',
      'modules/results/rekap-csv.test.ts',
      'modules/results/panitia-rekap.test.ts',
      'modules/results/rekap.test.ts',
      'modules/rekap/rekap-csv.test.ts',
      'cli/run.paths-with-spaces.test.ts',
      'modules/nilai/nilai.pg.columns.test.ts',
      'ops/cluster.test.ts',
      'support/app.ts',
    ];
    expect(sourceOf('modules/results/rekap.panitia.routes.export.test.ts', planted)).toBe(
      'modules/results/rekap.panitia.routes.ts',
    );
    expect(testsNamingNoSource(plantedTests, planted)).toEqual([
      'modules/results/panitia-rekap.test.ts',
      'modules/results/rekap.test.ts',
      'modules/rekap/rekap-csv.test.ts',
    ]);
    expect(areasWithoutTests(plantedTests, planted)).toEqual(['health']);
  });
});
