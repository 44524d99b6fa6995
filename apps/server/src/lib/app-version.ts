import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version in apps/server/package.json, found upward from this file (source or bundled dist/). */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@ukt/server' && pkg.version) return pkg.version;
    } catch {
      // not here; one level up
    }
    dir = dirname(dir);
  }
  return 'tidak diketahui';
}

let version: string | undefined;

/** The server's version, as a backup's manifest records it. */
export function appVersion(): string {
  version ??= readVersion();
  return version;
}
