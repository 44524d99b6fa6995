import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connectDb, openDb } from '../src/db/connect';
import { seedDemo } from '../src/demo/seed';
import { type BackupManifest, createBackup } from '../src/modules/backup/backup.service';
import { restoreBackup } from '../src/modules/backup/restore.service';
import { freshDatabase, PG_URL } from './processes';
import { benchRegions, seedEvent } from './seed-roster';
import { seedScores } from './seed-scores';

// `npm run bench -- --only backup` (also part of `npm run bench`): a backup and a restore of a
// database holding 100,000 participants with their scores and audit rows (50 scored events of
// 2,000, bench/seed-scores.ts), on SQLite and on PostgreSQL (TEST_DATABASE_URL or the local one,
// in databases made for the run and dropped after), plus the SQLite archive restored into
// PostgreSQL. In-process, nothing listens; every run is bounded by the data. BENCH_BACKUP=0 skips it.

const PARTICIPANTS = Number(process.env.BENCH_BACKUP_PARTICIPANTS ?? 100_000);
const PER_EVENT = 2_000;
const FIRST_EVENT = 101;
const PASSPHRASE = 'bench-kata-sandi';

/** `work`'s result, its seconds, and how far this process's RSS rose over it (sampled every 50 ms). */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; rssMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds: (performance.now() - started) / 1000, rssMb: (peak - before) / (1024 * 1024) };
  } finally {
    clearInterval(timer);
  }
}

/** Fills a database: the demo organisation and PARTICIPANTS participants in scored events. */
async function seed(url: string): Promise<number> {
  const started = performance.now();
  const { db } = await openDb(url);
  try {
    await seedDemo(db, 1, new Date('2026-11-25T00:00:00Z'));
    const regions = await benchRegions(db, 1);
    for (let made = 0, id = FIRST_EVENT; made < PARTICIPANTS; made += PER_EVENT, id++) {
      await seedEvent(db, 1, id, Math.min(PER_EVENT, PARTICIPANTS - made), regions);
      await seedScores(db, id, 2, [1, 2, 3]);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await db.destroy();
  }
}

/** Participants in a restored database: the check that the restore holds what was backed up. */
async function siswaIn(url: string): Promise<number> {
  const { db } = connectDb(url);
  try {
    const { rows } = await sql<{ n: number }>`select count(*) as n from siswa`.execute(db);
    return Number(rows[0]?.n);
  } finally {
    await db.destroy();
  }
}

interface Row {
  database: string;
  participants: number;
  rows: number;
  backupS: number;
  backupRssMb: number;
  mb: number;
  sealedS: number;
  restoreS: number;
  restoreRssMb: number;
  /** Restored into the other database from this one's archive, when measured. */
  across?: { database: string; seconds: number };
}

/** Backs up one database (plain and sealed) and restores the plain archive into `restoreUrl`. */
async function benchDatabase(database: string, url: string, restoreUrl: string, dir: string) {
  console.log(`${database}: data ${PARTICIPANTS.toLocaleString('en')} peserta…`);
  console.log(`${database}: data dibuat dalam ${(await seed(url)).toFixed(1)} s`);
  const dataDir = join(dir, database, 'data');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'secret.key'), randomBytes(32).toString('hex'));
  const { db, dialect } = connectDb(url);
  try {
    const source = {
      db,
      dialect,
      databaseUrl: url,
      dataDir,
      backupDir: join(dir, database, 'cadangan'),
      clock: Date.now,
    };
    console.log(`${database}: cadangan…`);
    const plain = await measured(() => createBackup(source, { reason: 'manual' }));
    console.log(`${database}: cadangan berkata sandi…`);
    const sealed = await measured(() =>
      createBackup(source, {
        reason: 'manual',
        passphrase: PASSPHRASE,
        out: join(dir, database, 'sealed.aes'),
      }),
    );
    console.log(`${database}: pemulihan…`);
    const restored = await measured(() =>
      restoreBackup({ databaseUrl: restoreUrl, dataDir: join(dir, database, 'pulih') }, plain.value.file),
    );
    const manifest: BackupManifest = plain.value.manifest;
    const siswa = manifest.counts.siswa ?? 0;
    if ((await siswaIn(restoreUrl)) !== siswa)
      throw new Error(`${database}: pemulihan tidak memuat ${siswa} peserta`);
    const row: Row = {
      database,
      participants: siswa,
      rows: Object.values(manifest.counts).reduce((a, b) => a + b, 0),
      backupS: plain.seconds,
      backupRssMb: plain.rssMb,
      mb: plain.value.bytes / (1024 * 1024),
      sealedS: sealed.seconds,
      restoreS: restored.seconds,
      restoreRssMb: restored.rssMb,
    };
    return { row, file: plain.value.file };
  } finally {
    await db.destroy();
  }
}

/** Runs the backup bench and prints its table (for apps/server/BENCH.md). */
export async function runBackupBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-bench-cadangan-'));
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = load();
  const rows: Row[] = [];
  const notes: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    const sqlite = await benchDatabase(
      'SQLite',
      `sqlite:${join(dir, 'sumber.db')}`,
      `sqlite:${join(dir, 'pulih.db')}`,
      dir,
    );
    rows.push(sqlite.row);
    const source = await freshDatabase('ukt_cadangan');
    const target = source && (await freshDatabase('ukt_pulih'));
    const across = target && (await freshDatabase('ukt_pindah'));
    for (const fresh of [source, target, across]) if (fresh) drops.push(fresh.drop);
    if (!source || !target || !across) {
      notes.push(`PostgreSQL tidak dapat dihubungi di ${PG_URL}: baris PostgreSQL dilewati.`);
    } else {
      rows.push((await benchDatabase('PostgreSQL', source.url, target.url, dir)).row);
      console.log('SQLite → PostgreSQL: pemulihan…');
      const moved = await measured(() =>
        restoreBackup({ databaseUrl: across.url, dataDir: join(dir, 'pindah') }, sqlite.file),
      );
      sqlite.row.across = { database: 'PostgreSQL', seconds: moved.seconds };
    }
  } finally {
    for (const drop of drops) await drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }

  const f1 = (n: number) => n.toFixed(1);
  console.log(
    '\nCadangan dan pemulihan (in-process; RSS Δ: kenaikan puncak RSS proses bench selama langkah itu)',
  );
  console.log(`${cpus().length} CPU; load average (1/5/15 min) sebelum ${loadBefore}, sesudah ${load()}\n`);
  console.log(
    '| database | participants | rows | backup s | backup RSS Δ MB | archive MB | sealed backup s | restore s | restore RSS Δ MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.participants.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ${f1(r.backupS)} | ${Math.round(r.backupRssMb)} | ${f1(r.mb)} | ${f1(r.sealedS)} | ${f1(r.restoreS)} | ${Math.round(r.restoreRssMb)} |`,
    );
  }
  for (const r of rows) {
    if (r.across) console.log(`\n${r.database} → ${r.across.database}: pemulihan ${f1(r.across.seconds)} s`);
  }
  for (const note of notes) console.log(note);
}
