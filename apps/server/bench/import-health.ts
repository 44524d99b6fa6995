import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API, API_PREFIX } from '@ukt/core';
import { freshDatabase, PG_URL } from './processes';

// `npm run bench -- --only import-health`: how long GET /health takes while a 100,000-row
// participants file is previewed and imported through the API, on SQLite and PostgreSQL
// (docs/decisions/104; goal: p99 under 200 ms). One request at a time, one every 20 ms, from
// before the upload until the import answers; the server is bench/import-server.ts.

const ROWS = Number(process.env.BENCH_IMPORT_HEALTH_ROWS ?? 100_000);
const PAUSE_MS = 20;

/** A participants CSV over 400 rayon. */
function participantCsv(count: number): Buffer {
  const lines = ['no_urut,nama,perwapus,cabang,ranting,rayon,provinsi'];
  for (let i = 1; i <= count; i++) {
    const p = 1 + (i % 4);
    const c = 1 + (Math.floor(i / 4) % 5);
    const r = 1 + (Math.floor(i / 20) % 5);
    const y = 1 + (Math.floor(i / 100) % 4);
    lines.push(
      `${i},Peserta ${i},Perwapus ${p},Cabang ${p}.${c},Ranting ${p}.${c}.${r},Rayon ${p}.${c}.${r}.${y},Jawa Timur`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Starts bench/import-server.ts and waits for its port and admin token. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; token: string }> {
  const child = fork(fileURLToPath(new URL('./import-server.ts', import.meta.url)), [], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server bench keluar (kode ${code})`)));
    child.on('message', (m: { kind: string; port: number; token: string }) => {
      if (m.kind === 'ready')
        resolve({ child, base: `http://127.0.0.1:${m.port}${API_PREFIX}`, token: m.token });
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** /health latencies while `work` runs. */
async function healthDuring(base: string, work: Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  await finished;
  return times.sort((a, b) => a - b);
}

/** Runs both databases and prints the table; answers false when a p99 is 200 ms or more. */
export async function runImportHealthBench(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-bench-impor-health-'));
  const csv = participantCsv(ROWS);
  const lines: string[] = [];
  let ok = true;
  try {
    for (const database of ['sqlite', 'postgres'] as const) {
      const fresh = database === 'postgres' ? await freshDatabase('ukt_impor_health') : undefined;
      if (fresh === null) {
        lines.push(`PostgreSQL tidak dapat dihubungi di ${PG_URL}: dilewati.`);
        continue;
      }
      const dataDir = join(dir, database);
      const server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: fresh ? fresh.url : `sqlite:${join(dataDir, 'bench.db')}`,
      });
      try {
        for (const [call, path] of [
          ['pratinjau', API.panitia.imporPratinjau.href('peserta', '?id_ukt=1')],
          ['impor', API.panitia.impor.href('peserta', '?id_ukt=1')],
        ] as const) {
          console.log(`${database}, ${ROWS.toLocaleString('en')} baris, ${call}…`);
          const form = new FormData();
          form.append('berkas', new Blob([csv]), 'peserta.csv');
          const started = performance.now();
          const upload = fetch(`${server.base}${path}`, {
            method: 'POST',
            headers: { 'access-token': server.token },
            body: form,
          }).then(async (res) => {
            if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          });
          const times = await healthDuring(server.base, upload);
          const seconds = (performance.now() - started) / 1000;
          const p99 = percentile(times, 99);
          ok &&= p99 < 200;
          lines.push(
            `| ${database} | ${call} | ${seconds.toFixed(1)} | ${times.length} | ${percentile(times, 50).toFixed(0)} | ${p99.toFixed(0)} | ${(times.at(-1) ?? 0).toFixed(0)} |`,
          );
        }
      } finally {
        await stop(server.child);
        await fresh?.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n/health selama impor ${ROWS.toLocaleString('en')} baris peserta (.csv) lewat API\n`);
  console.log('| database | call | call s | /health requests | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
  console.log(ok ? '\nSemua p99 di bawah 200 ms.' : '\nADA p99 /health 200 ms atau lebih.');
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runImportHealthBench()) ? 0 : 1;
}
