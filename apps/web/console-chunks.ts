import type { Plugin } from 'vite';

/** Where the committee console's code lives (DESIGN §9); it loads lazily from the router. */
const CONSOLE_DIR = '/src/features/panitia/';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
}

/**
 * Finds the chunks only the committee console needs, so the service worker leaves them out of
 * its precache: an examiner's phone downloads the examiner app for offline use, never the
 * console (docs/decisions/056). A chunk belongs to the console when the examiner app cannot
 * reach it without passing through a lazily loaded module of features/panitia/.
 */
export function consoleChunks(): {
  plugin: Plugin;
  /** A Workbox manifest transform that drops the console's chunks from the precache list. */
  leaveOutOfPrecache: <T extends { url: string }>(entries: T[]) => { manifest: T[]; warnings: string[] };
} {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'ukt-console-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const examiner = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || examiner.has(fileName)) return;
        if (chunk.isDynamicEntry && chunk.facadeModuleId?.includes(CONSOLE_DIR)) return;
        examiner.add(fileName);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      files.clear();
      for (const fileName of chunks.keys()) if (!examiner.has(fileName)) files.add(fileName);
      if (files.size === 0) this.warn(`no chunk of ${CONSOLE_DIR} found: the console would be precached`);
    },
  };
  return {
    plugin,
    leaveOutOfPrecache: (entries) => ({
      manifest: entries.filter((entry) => !files.has(entry.url.replace(/^\//, ''))),
      warnings: [],
    }),
  };
}
