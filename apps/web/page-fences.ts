import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HALAMAN_KONSOL } from '@ukt/core';

// The console's page fences (docs/decisions/147, 175): apps/web/biome.json refuses an import from one
// page's folder into another's and from a shared part into a page. Its blocks for features/panitia
// are written from core's HALAMAN_KONSOL by this file (`npm run fences -w apps/web`), never by hand,
// and pages-apart.test.ts fails while the committed file differs from what it writes.

/** Folders of features/panitia that serve the pages and never import one. */
export const PANITIA_PARTS = ['components', 'api', 'layout', 'aturan', 'dokumen', 'mulai'] as const;

const PANITIA = 'src/features/panitia/';
const PAGE_MESSAGE =
  "A console page never imports another page's folder (apps/web/src/features/panitia/pages.tsx): move what both need to panitia/components, panitia/api, or a part folder such as aturan/ or dokumen/.";

/** The message a part's fence shows: the parts by name, then the rule. */
function partMessage(parts: readonly string[]): string {
  const names = `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `panitia/${names} serve the console's pages and never import one: move what they need down here.`;
}

/** The import paths that reach a page's folder from anywhere under features/panitia. */
function pathsTo(page: string): string[] {
  return [`../**/panitia/${page}`, `../../${page}`, `../${page}`].flatMap((p) => [p, `${p}/**`]);
}

/** One biome override: files under `folder` may not import from `group`. */
function fence(folder: string, group: string[], message: string) {
  return {
    includes: [`${PANITIA}${folder}/**`],
    linter: {
      rules: {
        style: {
          noRestrictedImports: { level: 'error', options: { patterns: [{ group, message }] } },
        },
      },
    },
  };
}

/** A biome override block, as apps/web/biome.json holds them. */
export type Override = ReturnType<typeof fence>;

/** The fences of the console: each page kept from every other page, each part kept from every page. */
export function pageFences(pages: readonly string[], parts: readonly string[] = PANITIA_PARTS): Override[] {
  const others = (page: string) => pages.filter((p) => p !== page).flatMap(pathsTo);
  return [
    ...pages.map((page) => fence(page, others(page), PAGE_MESSAGE)),
    ...parts.map((part) => fence(part, pages.flatMap(pathsTo), partMessage(parts))),
  ];
}

/** Whether an override is one of the console's fences (a block under features/panitia/<folder>). */
const isConsoleFence = (o: { includes?: string[] }) =>
  o.includes?.length === 1 && /^src\/features\/panitia\/[^/*]+\/\*\*$/.test(o.includes[0] ?? '');

/** The config with its console fences made from `pages`: other blocks kept, in their order, first. */
export function withPageFences<C extends { overrides?: { includes?: string[] }[] }>(
  config: C,
  pages: readonly string[],
  parts: readonly string[] = PANITIA_PARTS,
): C {
  const kept = (config.overrides ?? []).filter((o) => !isConsoleFence(o));
  return { ...config, overrides: [...kept, ...pageFences(pages, parts)] };
}

/**
 * JSON as biome.json is written: two-space indent, a list of strings on one line. (Biome leaves
 * *.json unformatted here, see the root biome.json, so the file's look is this function's.)
 */
export function biomeJson(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string'))
      return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${value.map((v) => inner + biomeJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => `${inner}${JSON.stringify(k)}: ${biomeJson(v, inner)}`,
    );
    return `{\n${entries.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** Where the web app's biome config lives. */
export const BIOME_JSON = join(import.meta.dirname, 'biome.json');

/** The web app's biome.json as it should read: its hand-written blocks, then the fences of `pages`. */
export function biomeJsonFor(committed: string, pages: readonly string[]): string {
  return `${biomeJson(withPageFences(JSON.parse(committed), pages))}\n`;
}

/**
 * The console folders whose fence in `committed` (biome.json's text) is not what `pages` make:
 * missing, different or left over. Empty when the file is as this module writes it.
 */
export function staleFences(committed: string, pages: readonly string[]): string[] {
  const folder = (o: { includes?: string[] }) => o.includes?.[0]?.slice(PANITIA.length, -'/**'.length) ?? '';
  const fences = (text: string) =>
    new Map(
      (JSON.parse(text).overrides as Override[])
        .filter(isConsoleFence)
        .map((o) => [folder(o), JSON.stringify(o)]),
    );
  const want = fences(biomeJsonFor(committed, pages));
  const have = fences(committed);
  const stale = [...new Set([...want.keys(), ...have.keys()])].filter((f) => want.get(f) !== have.get(f));
  if (stale.length === 0 && biomeJsonFor(committed, pages) !== committed) stale.push("(the file's layout)");
  return stale.sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pages = HALAMAN_KONSOL.map((h) => h.path);
  writeFileSync(BIOME_JSON, biomeJsonFor(readFileSync(BIOME_JSON, 'utf8'), pages));
  console.log(`apps/web/biome.json: fences for ${pages.length} pages and ${PANITIA_PARTS.length} parts`);
}
