import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// A committee installs on Windows or a Mac with `npm install` (or `npm ci`) from this lock file. npm
// drops the native builds of other platforms from a lock written on one machine (its optional-
// dependency bug), and the build then fails there: Vite cannot find @rollup/rollup-win32-x64-msvc.
// This test reads the lock as npm will on those laptops.

const ROOT = ROOT_DIR;

interface LockedPackage {
  version?: string;
  os?: string[];
  cpu?: string[];
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** The laptops a committee brings, as npm names their platform and processor. */
const LAPTOPS = [
  { os: 'win32', cpu: 'x64' },
  { os: 'win32', cpu: 'arm64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
] as const;

/** Systems and processors of laptops and servers, as npm names them (not phones, routers or BSDs). */
const LAPTOP_SYSTEMS = ['win32', 'darwin', 'linux'];
const LAPTOP_PROCESSORS = ['x64', 'arm64'];

/** Every locked package whose native part the build, the linter or the server loads. */
const NATIVE = Object.keys(lock.packages).filter((path) =>
  /node_modules\/(rollup|rolldown|esbuild|lightningcss|@tailwindcss\/oxide|@biomejs\/biome)$/.test(path),
);

/** The lock's entry for a package as npm resolves it from `parent` (nested first, then hoisted). */
const entryOf = (parent: string, name: string) =>
  lock.packages[`${parent}/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];

describe('package-lock.json', () => {
  it('holds every optional platform package that a locked package names', () => {
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        // A WebAssembly build is the fallback of a fallback, never what a laptop loads.
        if (name.includes('wasm32')) continue;
        if (!entryOf(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing, 'missing from the lock: run `npm run lock:platforms` (docs/decisions/128)').toEqual([]);
  });

  it('names the packages this test checks', () => {
    expect(NATIVE.map((path) => path.replace(/^.*node_modules\//, '')).sort()).toEqual([
      '@biomejs/biome',
      '@tailwindcss/oxide',
      'esbuild',
      'lightningcss',
      'rolldown',
      'rollup',
    ]);
  });

  it('guards every laptop platform that a native build in the lock is for', () => {
    const carried = new Set<string>();
    for (const path of NATIVE)
      for (const name of Object.keys(lock.packages[path]?.optionalDependencies ?? {})) {
        const pkg = entryOf(path, name);
        for (const os of pkg?.os ?? [])
          for (const cpu of pkg?.cpu ?? [])
            if (LAPTOP_SYSTEMS.includes(os) && LAPTOP_PROCESSORS.includes(cpu)) carried.add(`${os}-${cpu}`);
      }
    expect([...carried].sort()).toEqual(LAPTOPS.map((l) => `${l.os}-${l.cpu}`).sort());
  });

  it.each(LAPTOPS)(
    'has the native build of rollup, Tailwind, esbuild, rolldown, lightningcss and Biome for $os-$cpu',
    (laptop) => {
      for (const path of NATIVE) {
        const builds = Object.keys(lock.packages[path]?.optionalDependencies ?? {})
          .map((name) => entryOf(path, name))
          .filter((pkg): pkg is LockedPackage => Boolean(pkg));
        const fits = builds.filter((pkg) => pkg.os?.includes(laptop.os) && pkg.cpu?.includes(laptop.cpu));
        expect(fits.length, `${path} has no ${laptop.os}-${laptop.cpu} build in the lock`).toBeGreaterThan(0);
      }
    },
  );

  it.each(LAPTOPS)(
    'the SQLite driver ships a prebuilt binary for $os-$cpu (no compiler needed)',
    (laptop) => {
      const driver = lock.packages['node_modules/better-sqlite3-napi'];
      expect(driver?.version, 'better-sqlite3 13 (better-sqlite3-napi) is not locked').toMatch(/^1[3-9]\./);
      // Version 13 carries its Node-API binaries inside the npm package (docs/decisions/101).
      const prebuilt = join(
        ROOT,
        'node_modules/better-sqlite3-napi/prebuilds',
        `${laptop.os}-${laptop.cpu}.node`,
      );
      expect(() => readFileSync(prebuilt).subarray(0, 4)).not.toThrow();
    },
  );

  it('the driver for Node 20 (better-sqlite3 12, compiled at install) is optional, so a failed build on a laptop without a compiler does not stop npm', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    expect(manifest.optionalDependencies?.['better-sqlite3']).toMatch(/^\^12\./);
    expect(manifest.dependencies['better-sqlite3']).toBeUndefined();
    expect(lock.packages['node_modules/better-sqlite3']?.optional).toBe(true);
    // No other workspace asks for it as a plain dependency (that would make its build required again).
    for (const [path, pkg] of Object.entries(lock.packages)) {
      const wanted = pkg as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      expect(
        wanted.dependencies?.['better-sqlite3'],
        `${path || 'root'} depends on better-sqlite3`,
      ).toBeUndefined();
      expect(
        wanted.devDependencies?.['better-sqlite3'],
        `${path || 'root'} depends on better-sqlite3`,
      ).toBeUndefined();
    }
  });
});
