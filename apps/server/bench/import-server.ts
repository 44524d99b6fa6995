import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openSession } from '../src/modules/auth/session.service';
import { insertKegiatan } from '../src/modules/kegiatan/kegiatan.repository';
import { BENCH_SECRET } from './processes';

// The server of the import bench (bench/import.ts), started as a child process: the whole app on
// its own database, with a committee admin and an empty event, measuring its own memory. The
// parent asks over IPC: 'mark' starts a measurement (after a full GC), 'peak' ends it.

const MB = 1024 * 1024;

/** Peak RSS since the last reset, from the kernel (Linux), in bytes; null elsewhere. */
function kernelPeakRss(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the kernel's peak RSS to the current RSS (Linux ≥ 4.0); false where it cannot. */
function resetKernelPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const config = loadConfig({
    ...process.env,
    UKT_BENCH_SECRET: BENCH_SECRET,
    UKT_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    HOST: '127.0.0.1',
  });
  const app = await buildApp(config);
  const admin = await app.db
    .insertInto('penguji')
    .values({
      id_organisasi: config.orgId,
      no_wa: '6281199999999',
      nama: 'Admin Bench',
      id_perwapus: null,
      id_cabang: null,
      panitia: 'Admin',
      dewan: 1,
      img_profile: '',
      created_at: new Date().toISOString(),
    })
    .returning('id_pemilih')
    .executeTakeFirstOrThrow();
  await insertKegiatan(app.db, {
    id_ukt: 1,
    id_organisasi: config.orgId,
    nama_ukt: 'UKT Bench Impor',
    nama_kegiatan: 'Bench',
    tanggal_tes: '2026-12-01',
    akhir_tes: null,
    id_tingkat: 2,
  });
  const token = await openSession(app.db, app.secret, admin.id_pemilih, Date.now());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  let base = { rss: 0, heap: 0 };
  let peak = { rss: 0, heap: 0 };
  let kernel = false;
  const sample = () => {
    const m = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) };
  };
  const timer = setInterval(sample, 5);
  timer.unref();

  process.on('message', (message: string) => {
    if (message === 'mark') {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      base = { rss: m.rss, heap: m.heapUsed };
      peak = { ...base };
      kernel = resetKernelPeak();
      process.send?.({ kind: 'marked' });
    } else if (message === 'peak') {
      sample();
      const rss = (kernel ? kernelPeakRss() : null) ?? peak.rss;
      process.send?.({ kind: 'peak', rssMb: (rss - base.rss) / MB, heapMb: (peak.heap - base.heap) / MB });
    } else if (message === 'stop') {
      clearInterval(timer);
      void app.close().then(() => process.exit(0));
    }
  });
  process.send?.({ kind: 'ready', port, token });
}

main().catch((error: unknown) => {
  console.error('Server bench impor gagal dimulai:', error);
  process.exit(1);
});
