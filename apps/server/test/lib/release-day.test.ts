import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
  it('run from source (tsx, tests): what the build reads from the same source', () => {
    expect(releaseDay()).toBe(sourceReleaseDay(SERVER_DIR));
    expect(releaseDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  /** A folder shaped like apps/server: src/ with two files, the newer one from `newest`. */
  const sourceCopy = (name: string, newest: Date) => {
    const copy = join(dir, name);
    mkdirSync(join(copy, 'src', 'lib'), { recursive: true });
    writeFileSync(join(copy, 'src', 'app.ts'), 'export {};\n');
    writeFileSync(join(copy, 'src', 'lib', 'b.ts'), 'export {};\n');
    utimesSync(
      join(copy, 'src', 'app.ts'),
      new Date('2030-01-01T00:00:00Z'),
      new Date('2030-01-01T00:00:00Z'),
    );
    utimesSync(join(copy, 'src', 'lib', 'b.ts'), newest, newest);
    return copy;
  };

  it('in a git checkout: the day of the last commit, not a file’s time', () => {
    const copy = sourceCopy('checkout', new Date('2031-05-06T12:00:00Z'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Panitia', '-c', 'user.email=panitia@ukt.lan', ...args], {
        cwd: copy,
        stdio: 'ignore',
        env: { ...process.env, GIT_COMMITTER_DATE: '2029-08-17T10:00:00+07:00' },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'rilis');
    expect(sourceReleaseDay(copy)).toBe('2029-08-17');
  });

  it('in a copy without git (a downloaded archive): the newest file time under src/', () => {
    const copy = sourceCopy('archive', new Date('2031-05-06T12:00:00Z'));
    expect(sourceReleaseDay(copy)).toBe('2031-05-06');
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
