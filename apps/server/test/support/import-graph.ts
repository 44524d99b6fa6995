import { posix } from 'node:path';
import { areaOf, lineAt, type SourceFile, sourceText } from './source-text';

// The server's folders and the imports between them (docs/decisions/114): areas under modules/ may
// use each other one way only, and plugins/, lib/, db/ and config/ sit under every area.

/** One import of a file of one folder from a file of another, as an example of the edge. */
export interface ImportSite {
  file: string;
  line: number;
  target: string;
}

/** The folder graph: for each folder, the folders it imports, each with one example import. */
export type FolderGraph = Map<string, Map<string, ImportSite>>;

/** Folders that sit under every area and never import one. */
export const BASE_FOLDERS = ['plugins', 'lib', 'db', 'config'];

/** Relative specifiers in import, export … from, side-effect import and import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.\.?\/[^'"]*|\.\.?)\1/g;

/** The relative imports of a file, as written, with their lines. */
export function relativeImports(file: SourceFile): { spec: string; line: number }[] {
  const text = sourceText(file.text);
  return [...text.code.matchAll(SPECIFIER)]
    .filter((m) => text.isCode(m.index))
    .map((m) => ({ spec: m[2] as string, line: lineAt(file.text, m.index) }));
}

/** The file under src/ an import names: itself, with .ts, or its folder's index.ts (.js read as .ts). */
export function resolveImport(
  from: string,
  spec: string,
  exists: (path: string) => boolean,
): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}/index.ts`].find((p) => p.endsWith('.ts') && exists(p));
}

/** The folder graph of a set of files (paths under src/); imports of files not in the set are skipped. */
export function buildFolderGraph(files: SourceFile[]): FolderGraph {
  const known = new Set(files.map((f) => f.path));
  const graph: FolderGraph = new Map();
  for (const file of files) {
    for (const { spec, line } of relativeImports(file)) {
      const target = resolveImport(file.path, spec, (p) => known.has(p));
      if (target !== undefined) addEdge(graph, { file: file.path, line, target });
    }
  }
  return graph;
}

/** Records an import between two folders, the first one seen standing as the example. */
function addEdge(graph: FolderGraph, site: ImportSite): void {
  const from = areaOf(site.file);
  const to = areaOf(site.target);
  if (from === to) return;
  const edges = graph.get(from) ?? new Map<string, ImportSite>();
  if (!edges.has(to)) edges.set(to, site);
  graph.set(from, edges);
}

/** Every elementary cycle of the graph, each starting at its smallest folder (at most `limit`). */
export function findCycles(graph: FolderGraph, limit = 100): string[][] {
  const cycles: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    walk(graph, start, [start], cycles, limit);
  }
  return cycles;
}

/** Extends a path from its start through folders after the start, recording each way back to it. */
function walk(graph: FolderGraph, start: string, path: string[], cycles: string[][], limit: number): void {
  const last = path[path.length - 1] as string;
  for (const next of [...(graph.get(last)?.keys() ?? [])].sort()) {
    if (cycles.length >= limit) return;
    if (next === start) cycles.push([...path, start]);
    else if (next > start && !path.includes(next)) walk(graph, start, [...path, next], cycles, limit);
  }
}

/** A cycle as the failure message prints it: `a → b → a`, then one example import per step. */
export function describeCycle(graph: FolderGraph, cycle: string[]): string {
  const steps = cycle.slice(1).map((to, i) => {
    const site = graph.get(cycle[i] as string)?.get(to) as ImportSite;
    return `    ${site.file}:${site.line} imports ${site.target}`;
  });
  return [cycle.join(' → '), ...steps].join('\n');
}

/** Imports of modules/ from the folders under every area, as `file:line imports target`. */
export function upwardImports(graph: FolderGraph): string[] {
  return BASE_FOLDERS.flatMap((folder) =>
    [...(graph.get(folder)?.entries() ?? [])]
      .filter(([to]) => to.startsWith('modules/'))
      .map(([, site]) => `${site.file}:${site.line} imports ${site.target}`),
  );
}
