import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { listBackups } from '../backup/backup.service';
import { countWaPesanPerStatus } from '../whatsapp/wa-pesan.repository';
import { BUCKETS, type RequestMetrics } from './request-metrics';

// The text Prometheus reads (its exposition format 0.0.4, written here: docs/decisions/163).

/** The content type of the text exposition format. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** What the text is made of. */
export interface MetricsSource {
  requests: RequestMetrics;
  db: Kysely<Database>;
  backupDir: string;
  now: number;
}

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([k, v]) => `${k}="${label(v)}"`)
    .join(',')}}`;
const head = (name: string, type: string, help: string) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
];

/** When the newest backup in the folder was taken, or null when there is none (or the folder cannot be read). */
async function newestBackupMs(dir: string): Promise<number | null> {
  const newest = (await listBackups(dir).catch(() => []))[0];
  return newest ? Date.parse(newest.created_at) : null;
}

/** Every metric, as Prometheus's text exposition format. */
export async function metricsText({ requests, db, backupDir, now }: MetricsSource): Promise<string> {
  const [wa, backupMs] = await Promise.all([countWaPesanPerStatus(db), newestBackupMs(backupDir)]);
  const lines: string[] = [];

  const duration = 'ukt_http_request_duration_seconds';
  lines.push(...head(duration, 'histogram', 'Lama server menjawab, per pola rute, metode dan kelas status.'));
  for (const s of requests.series.values()) {
    const base = { method: s.method, route: s.route, status: s.status };
    BUCKETS.forEach((bound, i) => {
      lines.push(`${duration}_bucket${labels({ ...base, le: String(bound) })} ${s.buckets[i]}`);
    });
    lines.push(`${duration}_bucket${labels({ ...base, le: '+Inf' })} ${s.count}`);
    lines.push(`${duration}_sum${labels(base)} ${s.sum}`);
    lines.push(`${duration}_count${labels(base)} ${s.count}`);
  }

  const writes = 'ukt_nilai_writes_total';
  lines.push(
    ...head(writes, 'counter', 'Nilai yang diterima: dari penguji (nilai) dan koreksi panitia (koreksi).'),
  );
  for (const [jenis, n] of Object.entries(requests.scoreWrites))
    lines.push(`${writes}${labels({ jenis })} ${n}`);

  const pesan = 'ukt_wa_pesan';
  lines.push(...head(pesan, 'gauge', 'Pesan WhatsApp di tabel wa_pesan, per status.'));
  for (const [status, n] of Object.entries(wa)) lines.push(`${pesan}${labels({ status })} ${n}`);

  const age = 'ukt_cadangan_age_seconds';
  lines.push(
    ...head(age, 'gauge', 'Detik sejak cadangan terakhir yang selesai; tidak ada bila belum ada cadangan.'),
  );
  if (backupMs !== null) lines.push(`${age} ${Math.max(0, Math.floor((now - backupMs) / 1000))}`);

  return `${lines.join('\n')}\n`;
}
