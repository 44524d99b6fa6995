import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES } from './pages';

// The console's pages are one list (pages.tsx) and each page's folder stands apart: apps/web/biome.json
// refuses an import from one page's folder into another's, and from a shared part (components/, api/,
// layout/, aturan/, dokumen/) into a page. Here the rule runs on the tree as it is and on planted files.

const panitia = import.meta.dirname;
const root = join(panitia, '..', '..', '..', '..', '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const lint = (...paths: string[]) =>
  spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=20', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });

/** Folders holding a `components/*-page.tsx`: the console's pages. */
const pageFolders = readdirSync(panitia, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(panitia, d.name, 'components')))
  .filter((d) => readdirSync(join(panitia, d.name, 'components')).some((f) => f.endsWith('-page.tsx')))
  .map((d) => d.name)
  .sort();

describe('the console pages', () => {
  it('are all in the one list the router and the side bar read', () => {
    const listed = CONSOLE_PAGES.map((p) => p.path).sort();
    expect(pageFolders.length).toBeGreaterThan(8);
    expect(listed).toEqual(pageFolders);
  });

  it('stand apart as they are', () => {
    const run = lint(panitia);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it('refuses an import from one page into another', () => {
    const file = join(panitia, 'audit', 'components', `zz-planted-${process.pid}.ts`);
    writeFileSync(file, "export { RekapPage } from '../../rekap/components/rekap-page';\n");
    try {
      const run = lint(file);
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain("never imports another page's folder");
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('refuses an import from a shared part into a page', () => {
    const file = join(panitia, 'components', `zz-planted-${process.pid}.ts`);
    writeFileSync(file, "export { getRekap } from '../rekap/api/get-rekap';\n");
    try {
      const run = lint(file);
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('never import one');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
