import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// The server's layout runs one way (docs/decisions/114): plugins/, lib/, db/ and config/ never import
// from modules/, and no two files import each other. biome.json's rules keep it so; here they are run
// on the tree as it is, and on files planted to break them, which they must refuse.

const root = ROOT_DIR;
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

  it('refuses two files that import each other, even for a type (noImportCycles)', () => {
    const a = join(root, 'apps/server/src/lib', `zz-a-${process.pid}.ts`);
    const b = join(root, 'apps/server/src/lib', `zz-b-${process.pid}.ts`);
    writeFileSync(
      a,
      `import { b } from './zz-b-${process.pid}';\n\nexport type A = number;\nexport const a = () => b;\n`,
    );
    writeFileSync(b, `import type { A } from './zz-a-${process.pid}';\n\nexport const b: A = 1;\n`);
    try {
      const run = lint(a, b);
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('This import is part of a cycle');
      expect(run.stdout + run.stderr).toContain(`zz-b-${process.pid}.ts`);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });
});
