// Bundles the server and the CLI for plain `node`: the workspace package @ukt/core (TypeScript)
// and zod are bundled in; every other package, native ones included, stays in node_modules.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ENTRY_POINTS } from './bundle-entries.mjs';
import { sourceReleaseDay } from './release-day.mjs';

const bundled = new Set(['@ukt/core', 'zod']);
// `node build.mjs --outdir DIR` builds elsewhere (the benchmark builds its own copy); DIR must sit
// inside the repository so that the packages left outside the bundle are found in node_modules.
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : 'dist';

await build({
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // The day this version was made (release-day.mjs, docs/decisions/172).
  define: { __UKT_RELEASE_DAY__: JSON.stringify(sourceReleaseDay('.')) },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:')) return { external: true };
          const name = args.path.startsWith('@')
            ? args.path.split('/').slice(0, 2).join('/')
            : args.path.split('/')[0];
          return bundled.has(name) ? undefined : { external: true };
        });
      },
    },
  ],
});

// The PostgreSQL routines beside their TypeScript twins (src/modules/*/*.pg.sql), flat in
// DIR/routines/, where the bundle's db/routines.ts looks for them (docs/decisions/143).
mkdirSync(join(outdir, 'routines'), { recursive: true });
for (const area of readdirSync('src/modules')) {
  for (const file of readdirSync(join('src/modules', area)).filter((f) => f.endsWith('.pg.sql'))) {
    copyFileSync(join('src/modules', area, file), join(outdir, 'routines', file));
  }
}
