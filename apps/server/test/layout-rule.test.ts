import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layout runs one way (docs/decisions/114): plugins/, lib/, db/ and config/ never import
// from modules/. biome.json's rule keeps it so; here it is run on the tree as it is, and on a file
// planted with an upward import, which it must refuse.

const root = join(import.meta.dirname, '..', '..', '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

function lint(...paths: string[]) {
  return spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=20', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });
}

describe('the server layout rule', () => {
  it('passes on plugins/, lib/, db/ and config/ as they are', () => {
    const run = lint(
      'apps/server/src/plugins',
      'apps/server/src/lib',
      'apps/server/src/db',
      'apps/server/src/config',
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it.each(['plugins', 'lib', 'db', 'config'])('refuses an import from modules/ planted in %s/', (folder) => {
    const file = join(root, 'apps/server/src', folder, `zz-planted-${process.pid}.ts`);
    writeFileSync(
      file,
      "import { pingDatabase } from '../modules/health/health.repository';\n\nexport const planted = pingDatabase;\n",
    );
    try {
      const run = lint(file);
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('never import from modules/');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
