import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMBUNG_SCALE } from '@ukt/core';
import autocannon from 'autocannon';
import { openDb } from '../src/db/connect';
import { seedDemo } from '../src/demo/seed';
import { openSession } from '../src/modules/auth/session.service';
import { runBackupBench } from './backup';
import { coldQueryTimes } from './cold-queries';
import { runConsoleBench } from './console-pages';
import { runImportBench } from './import';
import { runImportHealthBench } from './import-health';
import { isEmptyList, listMix, SEARCHES } from './list-mix';
import { runMixedBench } from './mixed';
import { BENCH_SECRET, freePort, serverEnv, startCeiling, waitFor } from './processes';
import { runRecapBench } from './recap';
import { benchRegions, seedEvent } from './seed-roster';
import { BENCH_DIST, buildServer } from './server-build';
import { runStreamBench } from './stream';

// `npm run bench`: 100,000 participants in one event on SQLite, the list query and a score write
// at 100 connections against the built server, and a bare node:http ceiling; then the exam-day
// mix (bench/mixed.ts), the recap bench (bench/recap.ts), the import bench (bench/import.ts),
// the live stream across two processes (bench/stream.ts) and backup and restore (bench/backup.ts).
// Loopback only; every run is bounded in time and every process started here is stopped here. `--only NAME` (list, mixed, recap, console, import,
// stream, backup, import-health; repeatable) runs those parts alone: `npm run bench -w apps/server -- --only mixed`.

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function cannon(opts: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad,
    total: result.requests.total,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-bench-'));
  const children: ChildProcess[] = [];
  const loadBefore = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  try {
    const url = `sqlite:${join(dir, 'bench.db')}`;
    const { db } = await openDb(url);
    const started = Date.now();
    await seedDemo(db, 1, new Date());
    const regions = await benchRegions(db, 1);
    await seedEvent(db, 1, 3, 100_000, regions);
    await seedEvent(db, 1, 4, 1_000, regions);
    console.log(`Data: 100.000 + 1.000 peserta dibuat dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const cold = await coldQueryTimes(db, [3, 4], SEARCHES, regions);
    // Only queries that return rows: a page past the last of its query would time an empty answer.
    const mixes = { 3: await listMix(db, 3, regions), 4: await listMix(db, 4, regions) };
    const listPaths = (idUkt: 3 | 4) => mixes[idUkt].queries.map((q) => q.path);
    const token = await openSession(db, BENCH_SECRET, 1, Date.now());
    await db.destroy();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    const server = spawn(process.execPath, [...profile, join(BENCH_DIST, 'server.js')], {
      env: serverEnv(port, url, dir),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    await waitFor(`${base}/uktNEW/api/organisasi/1`);
    const headers = { 'access-token': token };

    const sample = await fetch(`${base}${listPaths(3)[0]}`, { headers }).then((r) => r.text());
    const ceilingUrl = await startCeiling(sample, children);
    // The ceiling is measured right before and right after the list runs: this machine is shared,
    // and a ratio only means something against a ceiling taken under the same load.
    const measureCeiling = () => cannon({ url: ceilingUrl });
    console.log('Batas atas: node:http dengan jawaban tetap…');
    const ceilingBefore = await measureCeiling();

    let empty = 0;
    let answered = 0;
    const list = async (idUkt: 3 | 4) => {
      const onResponse = (_status: number, body: string) => {
        answered++;
        if (isEmptyList(body)) empty++;
      };
      const requests = listPaths(idUkt).map((path) => ({
        method: 'GET' as const,
        path,
        headers,
        onResponse,
      }));
      // Warm-up: every query once (fills the list-page cache), then load for the JIT and page cache.
      for (const { path } of requests) await fetch(`${base}${path}`, { headers });
      await cannon({ url: base, requests, duration: 2 });
      return cannon({ url: base, requests });
    };
    console.log('Daftar peserta, 1.000 peserta…');
    const list1k = await list(4);
    console.log('Daftar peserta, 100.000 peserta…');
    const list100k = await list(3);
    console.log('Batas atas lagi…');
    const ceilingAfter = await measureCeiling();
    const ceiling = {
      ...ceilingBefore,
      rps: Math.round((ceilingBefore.rps + ceilingAfter.rps) / 2),
      total: ceilingBefore.total + ceilingAfter.total,
      bad: ceilingBefore.bad + ceilingAfter.bad,
    };

    console.log('Simpan nilai…');
    let n = 0;
    const write = await cannon({
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/uktNEW/api/DataSiswa/NilaiSiswa',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (req) => {
            n++;
            const nilai_sambung = SAMBUNG_SCALE[n % SAMBUNG_SCALE.length];
            // As the phone's outbox sends it: every write with an Idempotency-Key of its own.
            return {
              ...req,
              headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${n}` },
              body: JSON.stringify({ id_siswa: 1 + (n % 100), id_ukt: 1, id_tingkat: 1, nilai_sambung }),
            };
          },
        },
      ],
    });
    console.log('Batas Fastify: alamat tak dikenal (404 JSON melewati semua hook)…');
    const floor = await cannon({ url: `${base}/uktNEW/api/tidak-ada`, headers });
    server.kill('SIGTERM');

    const row = (name: string, r: Awaited<ReturnType<typeof cannon>>) =>
      `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${Math.round((100 * r.rps) / ceiling.rps)}% | ${r.total} | ${r.bad} |`;
    console.log(
      `\nSQLite, ${CONNECTIONS} koneksi, ${SECONDS} s per baris, jawaban daftar ${Buffer.byteLength(sample)} byte`,
    );
    console.log(
      `Kueri daftar: ${mixes[3].queries.length} (100.000) dan ${mixes[4].queries.length} (1.000) dari ${mixes[3].candidates} calon; jawaban kosong ${((100 * empty) / Math.max(1, answered)).toFixed(1)}% dari ${answered}`,
    );
    const loadAfter = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `${cpus().length} CPU; load average (1/5/15 min) sebelum ${loadBefore}, sesudah ${loadAfter}\n`,
    );
    console.log('| run | req/s | p50 ms | p99 ms | of ceiling (mean of both) | requests | non-2xx/errors |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('list, 100,000 participants', list100k));
    console.log(row('list, 1,000 participants', list1k));
    console.log(row('score write (NilaiSiswa, own Idempotency-Key)', write));
    console.log(row('Fastify floor: unknown route, JSON 404 through every hook', { ...floor, bad: 0 }));
    console.log(row('ceiling: bare node:http, same body (before the list runs)', ceilingBefore));
    console.log(row('ceiling: bare node:http, same body (after the list runs)', ceilingAfter));
    console.log('\nQuery alone, uncached (in-process, same query mix), ms:\n');
    console.log('| participants | p50 | p99 | max |');
    console.log('|---|---|---|---|');
    for (const c of cold) console.log(`| ${c.label} | ${c.p50} | ${c.p99} | ${c.max} |`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--only' ? [arg] : []));
const runs = (part: string) => only.length === 0 || only.includes(part);

buildServer();
if (runs('list')) await main();
// The exam-day mix on SQLite and PostgreSQL, 1 and 2 processes (bench/mixed.ts): BENCH_MIXED=0 skips it.
if (runs('mixed') && process.env.BENCH_MIXED !== '0') await runMixedBench();
// The recap of a 2,000-participant event (bench/recap.ts, also `npm run bench:recap` alone): BENCH_RECAP=0 skips it.
if (runs('recap') && process.env.BENCH_RECAP !== '0') await runRecapBench({ build: false });
// The console's pages in Chromium at 2,000 and 10,000 participants (bench/console-pages.ts, also
// `npm run bench:console` alone): BENCH_CONSOLE=0 skips it.
if (runs('console') && process.env.BENCH_CONSOLE !== '0') await runConsoleBench({ build: false });
// Participant imports (bench/import.ts, also `npm run bench:import` alone): BENCH_IMPORT=0 skips them.
if (runs('import') && process.env.BENCH_IMPORT !== '0') await runImportBench();
// /health while 100,000 participants are previewed and imported (bench/import-health.ts):
// BENCH_IMPORT_HEALTH=0 skips it.
if (runs('import-health') && process.env.BENCH_IMPORT_HEALTH !== '0') await runImportHealthBench();
// A write on one server process reaching a stream on another (bench/stream.ts, also `npm run
// bench:stream` alone), on PostgreSQL: BENCH_STREAM=0 skips it.
if (runs('stream') && process.env.BENCH_STREAM !== '0') await runStreamBench();
// Backup and restore of 100,000 participants with their scores, SQLite and PostgreSQL
// (bench/backup.ts): BENCH_BACKUP=0 skips it.
if (runs('backup') && process.env.BENCH_BACKUP !== '0') await runBackupBench();
