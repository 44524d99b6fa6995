import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '/work/main/apps/server/src/app';
import { loadConfig } from '/work/main/apps/server/src/config/env';
import { openDb } from '/work/main/apps/server/src/db/connect';
import { seedDemo } from '/work/main/apps/server/src/demo/seed';
import { openSession } from '/work/main/apps/server/src/modules/auth/session.service';
import { benchRegions, seedEvent } from '/work/main/apps/server/bench/seed-roster';
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const url = `sqlite:${dir}/b.db`;
const { db } = await openDb(url);
await seedDemo(db, 1, new Date());
await seedEvent(db, 1, 3, 100000, await benchRegions(db, 1));
const token = await openSession(db, 'x'.repeat(40), 1, Date.now());
await db.destroy();
const app = await buildApp(loadConfig({ DATABASE_URL: url, DATA_DIR: dir, UKT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' }));
const paths = [process.env.P ?? '/uktNEW/api/organisasi/1'];
for (const p of paths) {
  for (let i = 0; i < 300; i++) await app.inject({ url: p, headers: { 'access-token': token } });
  const t = performance.now();
  const N = 3000;
  for (let i = 0; i < N; i++) await app.inject({ url: p, headers: { 'access-token': token } });
  console.log(p, ((performance.now() - t) / N * 1000).toFixed(0), 'us/req');
}
await app.close();
