// Budget check (DESIGN §8): the JavaScript a first visit to /login downloads, gzipped, must stay
// within 100 KB, React included. It sums the entry chunk and every chunk it imports statically
// (what index.html loads and modulepreloads), read from Vite's manifest. Lazy chunks are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`login JS budget: ${manifestPath} is missing; run "npm run build -w apps/web" first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
/** @type {Set<string>} */
const seen = new Set();
/** @param {string} key */
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

// Scripts index.html loads that are not chunks (e.g. a service-worker registration) count too.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set([...seen].map((key) => manifest[key]?.file).filter((f) => typeof f === 'string'));
for (const m of html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)) if (m[1]) files.add(m[1]);

let total = 0;
const lines = [];
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  lines.push(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`login initial JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)\n${lines.join('\n')}`);
if (kb > BUDGET_KB) {
  console.error(`login initial JS is over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
