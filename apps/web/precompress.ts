import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files the browser reads as text; images other than SVG are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which the server never sends.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels; the server sends the one the browser accepts (@fastify/static `preCompressed`,
 * docs/decisions/056). Runs last, after the service worker and its precache list are written,
 * so those are compressed too and the list holds only the originals.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ukt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const jobs: Promise<void>[] = [];
        for await (const path of filesUnder(outDir)) jobs.push(compressFile(path));
        await Promise.all(jobs);
      },
    },
  };
}
