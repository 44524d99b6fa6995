import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceReleaseDay } from '../../release-day.mjs';
import { releaseDay } from '../../src/lib/release-day';
import { SERVER_DIR } from '../support/paths';

// The release day the clock check compares against (docs/decisions/172): written into the bundle by
// the build, given from source by the same function, never read from a file's name.

const dir = mkdtempSync(join(tmpdir(), 'ukt-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the release day', () => {
  it('run from source (tsx, tests): the day of the source’s last commit, as the build reads it', () => {
    const day = execFileSync('git', ['log', '-1', '--format=%cs'], {
      cwd: SERVER_DIR,
      encoding: 'utf8',
    }).trim();
    expect(releaseDay()).toBe(day);
    expect(sourceReleaseDay(SERVER_DIR)).toBe(day);
  });

  it('built: the day the build wrote, whatever the source around it says', async () => {
    const outfile = join(dir, 'release-day.mjs');
    await build({
      entryPoints: [join(SERVER_DIR, 'src/lib/release-day.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      define: { __UKT_RELEASE_DAY__: JSON.stringify('2031-02-03') },
    });
    const built = (await import(pathToFileURL(outfile).href)) as typeof import('../../src/lib/release-day');
    expect(built.releaseDay()).toBe('2031-02-03');
  });
});
