import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API, API_PREFIX, seededRng } from '@ukt/core';
import ExcelJS from 'exceljs';
import { demoName } from '../src/demo/names';
import { freshDatabase, PG_URL } from './processes';

// `npm run bench:import` (also the last part of `npm run bench`): previewing and importing a
// participants file of 10,000 and 100,000 rows, as .xlsx and .csv, on SQLite and PostgreSQL.
// Each run gets a fresh server process (bench/import-server.ts) on a fresh database, which
// measures its own peak memory over the call; the target is under 30 s and 300 MB a call
// (docs/decisions/037). PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test,
// in a database made for each run and dropped after.

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '10000,100000').split(',').map(Number);
const FORMATS = ['xlsx', 'csv'] as const;
const HEADER = ['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi'];

type Format = (typeof FORMATS)[number];

/** The rows of a participants file: names from the demo generator over 400 rayon. */
function* participantRows(count: number): Generator<(string | number)[]> {
  const rng = seededRng(count);
  for (let i = 1; i <= count; i++) {
    const p = 1 + (i % 4);
    const c = 1 + (Math.floor(i / 4) % 5);
    const r = 1 + (Math.floor(i / 20) % 5);
    const y = 1 + (Math.floor(i / 100) % 4);
    yield [
      i,
      demoName(rng),
      `Perwapus ${p}`,
      `Cabang ${p}.${c}`,
      `Ranting ${p}.${c}.${r}`,
      `Rayon ${p}.${c}.${r}.${y}`,
      'Jawa Timur',
    ];
  }
}

/** A participants file as Excel would save it (shared strings, written after the sheet) or as CSV. */
async function participantFile(dir: string, count: number, format: Format): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [HEADER.join(',')];
    for (const row of participantRows(count)) lines.push(row.join(','));
    return Buffer.from(`${lines.join('\r\n')}\r\n`);
  }
  const filename = join(dir, `peserta-${count}.xlsx`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Peserta');
  sheet.addRow(HEADER).commit();
  for (const row of participantRows(count)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return readFileSync(filename);
}

interface Server {
  child: ChildProcess;
  base: string;
  token: string;
  ask(message: 'mark' | 'peak'): Promise<{ rssMb?: number; heapMb?: number }>;
  stop(): Promise<void>;
}

/** Starts bench/import-server.ts on a database and waits until it listens. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(fileURLToPath(new URL('./import-server.ts', import.meta.url)), [], {
    // The tsx loader this process runs under, and a GC to call before each measurement.
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { kind: string }) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`server bench keluar (kode ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<{ port: number; token: string }>('ready');
  return {
    child,
    base: `http://127.0.0.1:${ready.port}${API_PREFIX}`,
    token: ready.token,
    async ask(message) {
      const answer = next<{ rssMb?: number; heapMb?: number }>(message === 'mark' ? 'marked' : 'peak');
      child.send(message);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** One call measured: seconds on the client, peak memory growth in the server. */
async function measure(server: Server, path: string, name: string, bytes: Buffer) {
  await server.ask('mark');
  const form = new FormData();
  form.append('berkas', new Blob([bytes]), name);
  const started = performance.now();
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'access-token': server.token },
    body: form,
  });
  const answer = (await res.json()) as { success: boolean; message?: string; data?: Record<string, unknown> };
  const seconds = (performance.now() - started) / 1000;
  const memory = await server.ask('peak');
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${answer.message}`);
  return { seconds, rssMb: memory.rssMb ?? 0, heapMb: memory.heapMb ?? 0, data: answer.data ?? {} };
}

interface Row {
  database: string;
  rows: number;
  format: Format;
  fileMb: number;
  preview: Awaited<ReturnType<typeof measure>>;
  apply: Awaited<ReturnType<typeof measure>>;
}

/** Runs every case and prints the table; answers false when a case missed the target. */
export async function runImportBench(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-bench-impor-'));
  const results: Row[] = [];
  const notes: string[] = [];
  try {
    const files = new Map<string, Buffer>();
    for (const count of SIZES)
      for (const format of FORMATS)
        files.set(`${count}.${format}`, await participantFile(dir, count, format));

    for (const database of ['sqlite', 'postgres'] as const) {
      for (const count of SIZES) {
        for (const format of FORMATS) {
          const fresh = database === 'postgres' ? await freshDatabase('ukt_impor') : undefined;
          if (fresh === null) {
            notes.push(`PostgreSQL tidak dapat dihubungi di ${PG_URL}: dilewati.`);
            break;
          }
          const dataDir = join(dir, `${database}-${count}-${format}`);
          const server = await startServer({
            DATA_DIR: dataDir,
            DATABASE_URL: fresh ? fresh.url : `sqlite:${join(dataDir, 'bench.db')}`,
          });
          try {
            const bytes = files.get(`${count}.${format}`) as Buffer;
            const name = `peserta.${format}`;
            console.log(`${database}, ${count.toLocaleString('en')} baris, .${format}…`);
            const preview = await measure(
              server,
              API.panitia.imporPratinjau.href('peserta', '?id_ukt=1'),
              name,
              bytes,
            );
            const apply = await measure(server, API.panitia.impor.href('peserta', '?id_ukt=1'), name, bytes);
            if (preview.data.baru !== count || apply.data.baru !== count)
              throw new Error(
                `hasil tidak sesuai: ${JSON.stringify({ preview: preview.data.baru, apply: apply.data })}`,
              );
            results.push({
              database,
              rows: count,
              format,
              fileMb: bytes.length / (1024 * 1024),
              preview,
              apply,
            });
          } finally {
            await server.stop();
            await fresh?.drop();
          }
        }
        if (notes.length && database === 'postgres') break;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const f1 = (n: number) => n.toFixed(1);
  console.log(
    '\nImpor peserta lewat API (pratinjau lalu impor, server baru per baris tabel); memori: kenaikan puncak di proses server\n',
  );
  console.log(
    '| database | rows | file | MB | preview s | preview RSS Δ MB | preview heap Δ MB | import s | import RSS Δ MB | import heap Δ MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let ok = true;
  for (const r of results) {
    const within = (m: Row['preview']) => m.seconds < 30 && m.rssMb < 300;
    ok &&= within(r.preview) && within(r.apply);
    console.log(
      `| ${r.database} | ${r.rows.toLocaleString('en')} | .${r.format} | ${f1(r.fileMb)} | ${f1(r.preview.seconds)} | ${f1(r.preview.rssMb)} | ${f1(r.preview.heapMb)} | ${f1(r.apply.seconds)} | ${f1(r.apply.rssMb)} | ${f1(r.apply.heapMb)} |`,
    );
  }
  for (const note of new Set(notes)) console.log(`\n${note}`);
  console.log(ok ? '\nSemua di bawah 30 s dan 300 MB.' : '\nADA yang melewati 30 s atau 300 MB.');
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runImportBench()) ? 0 : 1;
}
