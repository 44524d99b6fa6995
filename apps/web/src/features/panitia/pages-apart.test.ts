import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HALAMAN_KONSOL } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { BIOME_JSON, biomeJsonFor, PANITIA_PARTS, staleFences } from '../../../page-fences';
import { CONSOLE_PAGES } from './pages';

// The console's pages are one list (core's HALAMAN_KONSOL, which pages.tsx reads) and each page's
// folder stands apart: apps/web/biome.json refuses an import from one page's folder into another's,
// and from a shared part (components/, api/, layout/, aturan/, dokumen/, mulai/) into a page. Its
// fences are written from the list by apps/web/page-fences.ts (docs/decisions/175). Here the
// committed fences are checked against the list, and the rule runs on the tree and on planted files.

const panitia = import.meta.dirname;
const root = join(panitia, '..', '..', '..', '..', '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
// Biome lints the whole console folder: seconds on a busy machine.
const LINT_MS = 60_000;
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

const pagePaths = HALAMAN_KONSOL.map((h) => h.path);
const fenceOf = (folder: string) => `src/features/panitia/${folder}/**`;

describe('the console pages', () => {
  it('are all in the one list the router and the side bar read', () => {
    const listed = CONSOLE_PAGES.map((p) => p.path).sort();
    expect(pageFolders.length).toBeGreaterThan(8);
    expect(listed).toEqual(pageFolders);
  });

  it('are fenced as the page list says (npm run fences -w apps/web writes biome.json)', () => {
    const committed = readFileSync(BIOME_JSON, 'utf8');
    expect(staleFences(committed, pagePaths)).toEqual([]);
  });

  it('leave a page unfenced only with this test failing', () => {
    const committed = readFileSync(BIOME_JSON, 'utf8');
    // A new entry in HALAMAN_KONSOL whose fences were never written: its own block is missing and
    // every other block lacks it.
    expect(staleFences(committed, [...pagePaths, 'baru'])).toEqual(
      [...pagePaths, ...PANITIA_PARTS, 'baru'].sort(),
    );
    // A page's block deleted from biome.json, or a page left out of another page's block.
    const config = JSON.parse(committed);
    const withoutAudit = {
      ...config,
      overrides: config.overrides.filter(
        (o: { includes: string[] }) => !o.includes.includes(`${fenceOf('audit')}`),
      ),
    };
    expect(staleFences(JSON.stringify(withoutAudit), pagePaths)).toContain('audit');
    const open = committed.replace('"../**/panitia/rekap", ', '');
    expect(open).not.toBe(committed);
    expect(staleFences(open, pagePaths)).toEqual(['kegiatan']);
    // What the list makes fences the new page at once, from every other page and part.
    const written = JSON.parse(biomeJsonFor(committed, [...pagePaths, 'baru']));
    const fencedFromBaru = written.overrides.filter((o: { linter: unknown }) =>
      JSON.stringify(o.linter).includes('"../**/panitia/baru"'),
    );
    expect(fencedFromBaru).toHaveLength(pagePaths.length + PANITIA_PARTS.length);
  });

  it('share only what sits in a part: every folder is a page or a part', () => {
    const folders = readdirSync(panitia, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.map((d) => d.name).sort()).toEqual([...pagePaths, ...PANITIA_PARTS].sort());
  });

  it(
    'stand apart as they are',
    () => {
      const run = lint(panitia);
      expect(run.status, run.stdout + run.stderr).toBe(0);
    },
    LINT_MS,
  );

  it(
    'refuses an import from one page into another',
    () => {
      const file = join(panitia, 'audit', 'components', `zz-planted-${process.pid}.ts`);
      writeFileSync(file, "export { RekapPage } from '../../rekap/components/rekap-page';\n");
      try {
        const run = lint(file);
        expect(run.status).not.toBe(0);
        expect(run.stdout + run.stderr).toContain("never imports another page's folder");
      } finally {
        rmSync(file, { force: true });
      }
    },
    LINT_MS,
  );

  it(
    'refuses an import from a shared part into a page',
    () => {
      const file = join(panitia, 'components', `zz-planted-${process.pid}.ts`);
      writeFileSync(file, "export { getRekap } from '../rekap/api/get-rekap';\n");
      try {
        const run = lint(file);
        expect(run.status).not.toBe(0);
        expect(run.stdout + run.stderr).toContain('never import one');
      } finally {
        rmSync(file, { force: true });
      }
    },
    LINT_MS,
  );
});
