// Adds to package-lock.json the native builds of other platforms that npm leaves out when it writes
// the lock on one machine (docs/decisions/128): every optional dependency of a locked package that
// has no entry gets one, read from the registry. Run after a dependency update:
//   npm run lock:platforms && npm ci
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

/** What the registry says of one version of a package. */
function view(name, range) {
  const out = execFileSync('npm', ['view', `${name}@${range}`, '--json'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  const found = JSON.parse(out);
  return Array.isArray(found) ? found.at(-1) : found;
}

const added = [];
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (lock.packages[`node_modules/${name}`] || lock.packages[`${path}/node_modules/${name}`]) continue;
    // A WebAssembly fallback brings dependencies of its own and is never what a laptop loads.
    if (name.includes('wasm32')) continue;
    const v = view(name, range);
    const entry = { version: v.version, integrity: v.dist.integrity };
    if (v.cpu) entry.cpu = v.cpu;
    if (pkg.dev) entry.dev = true;
    if (v.libc) entry.libc = v.libc;
    if (v.license) entry.license = v.license;
    entry.optional = true;
    if (v.os) entry.os = v.os;
    if (v.engines) entry.engines = v.engines;
    lock.packages[`node_modules/${name}`] = entry;
    added.push(`${name}@${v.version}`);
  }
}

// npm keeps the packages sorted by path after the root entry.
const [root, ...rest] = Object.keys(lock.packages);
const sorted = { [root]: lock.packages[root] };
for (const path of rest.sort((a, b) => a.localeCompare(b, 'en'))) sorted[path] = lock.packages[path];
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `Ditambahkan ke package-lock.json:\n${added.join('\n')}`
    : 'package-lock.json sudah lengkap.',
);
