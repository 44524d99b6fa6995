import { describe, expect, it } from 'vitest';
import { buildFolderGraph, describeCycle, findCycles, upwardImports } from '../support/import-graph';
import { SRC_DIR } from '../support/paths';
import { readSourceTree } from '../support/source-text';

// The server's folders import one another one way only (docs/decisions/114): no two areas import
// each other, even through a third, and plugins/, lib/, db/ and config/ import no area. Biome's
// noImportCycles holds the same between files; here the folder graph names the imports to move.

const src = SRC_DIR;

describe('the folder graph of the server', () => {
  const graph = buildFolderGraph(readSourceTree(src));

  it('has no cycle between folders', () => {
    const cycles = findCycles(graph).map((c) => describeCycle(graph, c));
    expect(cycles, `folders that import each other:\n${cycles.join('\n')}\n`).toEqual([]);
  });

  it('keeps plugins/, lib/, db/ and config/ free of imports from modules/', () => {
    const upward = upwardImports(graph);
    expect(upward, `imports from modules/ under the areas:\n${upward.join('\n')}\n`).toEqual([]);
  });

  it('finds a cycle through three folders, with an example import of each step', () => {
    const planted = buildFolderGraph([
      { path: 'modules/a/a.ts', text: "import { b } from '../b/b';\nexport const a = b;\n" },
      { path: 'modules/b/b.ts', text: "// import { a } from '../a/a';\nexport { c as b } from '../c';\n" },
      { path: 'modules/c/index.ts', text: "import type { A } from '../a/a.js';\nexport const c = 1;\n" },
      { path: 'lib/x.ts', text: "export const x = import('../modules/c');\n" },
    ]);
    expect(findCycles(planted).map((c) => describeCycle(planted, c))).toEqual([
      [
        'modules/a → modules/b → modules/c → modules/a',
        '    modules/a/a.ts:1 imports modules/b/b.ts',
        '    modules/b/b.ts:2 imports modules/c/index.ts',
        '    modules/c/index.ts:1 imports modules/a/a.ts',
      ].join('\n'),
    ]);
    expect(upwardImports(planted)).toEqual(['lib/x.ts:1 imports modules/c/index.ts']);
  });
});
