import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../src/db/connect';
import { seedDemo } from '../src/demo/seed';
import { openSession } from '../src/modules/auth/session.service';
import { benchRegions, seedEvent } from './seed-roster';

// Temporary: profile the list route alone.
const SECRET = 'bench-secret-0123456789abcdef0123456789';
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-prof-'));
  const url = `sqlite:${join(dir, 'bench.db')}`;
  const { db } = await openDb(url);
  await seedDemo(db, 1, new Date());
  const regions = await benchRegions(db, 1);
  await seedEvent(db, 1, 3, 100_000, regions);
  const token = await openSession(db, SECRET, 1, Date.now());
  await db.destroy();
  const port = 40000 + Math.floor(Math.random() * 1000);
  const prof = process.env.PATCH ? ['-r', process.env.PATCH] : process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
  const server = spawn(process.execPath, [...prof, 'dist/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: dir, UKT_SECRET: SECRET, UKT_DEMO: '0', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST: join(dir, 'no-web') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await new Promise((r) => setTimeout(r, 1500));
  const headers = { 'access-token': token };
  const paths: string[] = [];
  for (const nama of ['', 'sari', 'adi']) for (const f of ['', '&id_perwapus=2']) for (const hal of [1, 2, 3])
    paths.push(`/uktNEW/api/DataSiswa/siswa?id_ukt=3&hal=${hal}&posUjian=2&nama=${nama}${f}`);
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  for (const p of paths) await fetch(`http://127.0.0.1:${port}${p}`, { headers });
  const target = process.env.TARGET ?? 'list';
  const opts = target === 'list' ? { requests } : { url: `http://127.0.0.1:${port}/uktNEW/api/tidak-ada`, headers };
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 100, duration: Number(process.env.S ?? 8), ...opts });
  console.log(target, Math.round(r.requests.average), 'p99', r.latency.p99, 'bad', r.non2xx + r.errors);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
main();
