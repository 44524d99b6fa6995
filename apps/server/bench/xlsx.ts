import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { openDb } from '../src/db/connect';
import { seedDemo } from '../src/demo/seed';
import { importKolom } from '../src/modules/imports/import-columns';
import { readTable } from '../src/modules/imports/read-table';
import { exportResults } from '../src/modules/results/results.service';
import { benchRegions, seedEvent } from './seed-roster';
import { seedScores } from './seed-scores';

// `npm run bench:xlsx`: the .xlsx work alone, in this process, with the CPU time it took (which a
// busy machine changes less than the wall time): reading a participants file of 100,000 rows as an
// import does (the file written by exceljs's streaming writer with shared strings, as Excel saves
// one), and the recap of an event of 2,000 scored participants (bench/seed-scores.ts) exported as
// .xlsx on SQLite (median of 7 after one to warm up). Both print the heap they grew by. With a
// file argument the export is also saved there (docs/decisions/162 compares its pages in
// LibreOffice before and after).

const PARTICIPANTS = 2_000;
const EVENT = 3;

/** Wall and CPU milliseconds of `work`, and the most the heap grew by meanwhile (MB). */
async function measured<T>(work: () => Promise<T>, collectFirst = true) {
  if (collectFirst) globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { result, ms, cpuMs: (used.user + used.system) / 1000, heapMb: (peak - heapBefore) / (1024 * 1024) };
}

const ROWS = 100_000;

/** Reads a 100,000-row participants file as the import does (twice: the second is printed). */
async function readBench(dir: string): Promise<void> {
  const filename = join(dir, 'peserta.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Peserta');
  sheet.addRow(['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi']).commit();
  for (let i = 1; i <= ROWS; i++)
    sheet
      .addRow([
        i,
        `Peserta ${i}`,
        `Perwapus ${i % 4}`,
        `Cabang ${i % 20}`,
        `Ranting ${i % 100}`,
        `Rayon ${i % 400}`,
        'Jawa Timur',
      ])
      .commit();
  sheet.commit();
  await workbook.commit();
  const bytes = readFileSync(filename);
  const columns = importKolom('siswa');
  const readAll = async () => {
    let count = 0;
    for await (const _ of readTable({ name: 'peserta.xlsx', read: async () => bytes }, columns)) count++;
    if (count !== ROWS) throw new Error(`terbaca ${count} baris, bukan ${ROWS}`);
    return count;
  };
  // The first read of a process, then one after a full collection (as bench/import.ts's server
  // makes before each call): the new reader's later reads are slower after it (docs/decisions/162).
  const first = await measured(readAll, false);
  const again = await measured(readAll);
  const mb = (bytes.length / 1048576).toFixed(1);
  for (const [when, run] of [
    ['pertama', first],
    ['sesudah GC penuh', again],
  ] as const)
    console.log(
      `Baca .xlsx ${ROWS.toLocaleString('en')} baris (${mb} MB), ${when}: ${Math.round(run.ms)} ms, CPU ${Math.round(run.cpuMs)} ms, heap naik paling banyak ${run.heapMb.toFixed(1)} MB`,
    );
}

export async function runXlsxBench(saveAs?: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-bench-xlsx-'));
  await readBench(dir);
  const { db } = await openDb(`sqlite:${join(dir, 'rekap.db')}`);
  try {
    await seedDemo(db, 1, new Date('2026-11-23T00:00:00Z'));
    await seedEvent(db, 1, EVENT, PARTICIPANTS, await benchRegions(db, 1));
    await seedScores(db, EVENT, 2, [1, 2, 3]);
    const now = new Date('2026-11-24T08:00:00Z');
    const once = () => exportResults(db, 1, EVENT, 'xlsx', { now, zona: 'WIB' });
    const first = await once();
    if (saveAs) writeFileSync(saveAs, first.bytes);
    const runs = [];
    for (let i = 0; i < 7; i++) runs.push(await measured(once));
    const median = (values: number[]) => (values.sort((a, b) => a - b)[3] as number).toFixed(0);
    console.log(
      `Ekspor .xlsx ${PARTICIPANTS.toLocaleString('en')} peserta (SQLite, median dari 7): ${median(runs.map((r) => r.ms))} ms, CPU ${median(runs.map((r) => r.cpuMs))} ms, ${Math.round(first.bytes.length / 1024)} KB, heap naik paling banyak ${Math.max(...runs.map((r) => r.heapMb)).toFixed(1)} MB`,
    );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runXlsxBench(process.argv[2]);
}
