// Budget check (DESIGN §8): a first visit to /login may transfer at most 100 KB of JavaScript.
// Measured as a phone meets it: Debian's Chromium loads /login from the real server (built, or
// from source with UKT_E2E_FROM_SOURCE=1) and the encoded body sizes of every script it receives
// are summed, so compression counts and anything loaded after the first paint counts too.
// Run with tsx (`npm run test:budget -w e2e`), which lets it reuse the tests' server helper.
// It also checks that the service worker does not precache the committee console's chunks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { ROOT, startServer } from '../support/server.ts';

const BUDGET_KB = 100;
/** After the network has gone quiet, how long to keep listening for idle-time loads. */
const SETTLE_MS = 3_000;

const dist = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
if (!existsSync(join(dist, 'index.html')))
  fail(`login JS budget: ${dist} has no build; run "npm run build -w apps/web" first.`);

// The committee console is lazy and never precached: examiners' phones do not need it.
/** @type {Record<string, { file: string; src?: string }>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
const consoleFiles = Object.entries(manifest)
  .filter(([key]) => key.startsWith('src/features/panitia/'))
  .map(([, chunk]) => chunk.file);
if (consoleFiles.length === 0)
  fail('no chunk of src/features/panitia/ in the build manifest: is the console still lazy?');
const leaked = consoleFiles.filter((file) => precached.includes(file));
if (leaked.length > 0) fail(`the service worker precaches the committee console: ${leaked.join(', ')}`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
/** @type {{ url: string; bytes: number; encoding: string }[]} */
const scripts = [];
let total = 0;
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  /** @type {Promise<void>[]} */
  const pending = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        total += sizes.responseBodySize;
        const type = response?.headers()['content-type'] ?? '';
        if (request.resourceType() === 'script' || type.includes('javascript')) {
          scripts.push({
            url: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize,
            encoding: response?.headers()['content-encoding'] ?? 'none',
          });
        }
      })(),
    );
  });
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Nomor WhatsApp').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
} finally {
  await browser.close();
  await server.stop();
}

const js = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
const lines = scripts
  .sort((a, b) => b.bytes - a.bytes)
  .map((s) => `  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.encoding.padEnd(4)}  ${s.url}`);
console.log(
  `login JS transferred: ${js.toFixed(1)} KB (budget ${BUDGET_KB} KB); all responses ${(total / 1024).toFixed(1)} KB\n${lines.join('\n')}\n` +
    `service worker precache: ${precached.length} entries, none of the console's ${consoleFiles.length} chunks`,
);
if (scripts.length === 0) fail('no script was loaded: the page did not load?');
if (js > BUDGET_KB) fail(`login JS is over budget by ${(js - BUDGET_KB).toFixed(1)} KB`);
