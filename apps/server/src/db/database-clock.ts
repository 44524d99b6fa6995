import { type Kysely, sql } from 'kysely';
import { ConfigError } from '../config/env';
import type { Clock } from '../lib/clock';
import type { DialectName } from './dialect';
import type { Database } from './types';

// Several machines on one database must agree on the time (docs/decisions/165): sessions, login
// codes, Idempotency-Keys and the backup schedule's lease are stamped by one machine and judged by
// another. This machine's clock is read against the database's own (`clock_timestamp()` on
// PostgreSQL; on SQLite the database's clock is this machine's, so only a wrong app clock differs).
// Reads no table.

/** How far this machine's clock may be from the database's before it refuses to serve. */
export const CLOCK_TOLERANCE_MS = 2 * 60_000;

/** How this machine's clock stands against the database's. */
export interface ClockReading {
  /** The database's clock minus this machine's, in ms (positive: this machine is behind). */
  offsetMs: number;
  /** The database's now, as read. */
  databaseMs: number;
  /** Within CLOCK_TOLERANCE_MS. */
  agrees: boolean;
}

/** The database's now in ms since 1970, read in one statement. */
async function databaseNow(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  const now =
    dialect === 'postgres'
      ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`
      : sql<number>`(julianday('now') - 2440587.5) * 86400000.0`;
  const { rows } = await sql<{ now: number }>`select ${now} as now`.execute(db);
  return Number(rows[0]?.now);
}

/** Reads the database's clock against `clock`: the middle of the round trip is when it was read. */
export async function readDatabaseClock(
  db: Kysely<Database>,
  dialect: DialectName,
  clock: Clock,
): Promise<ClockReading> {
  const before = clock();
  const databaseMs = await databaseNow(db, dialect);
  const after = clock();
  const offsetMs = databaseMs - (before + after) / 2;
  return { offsetMs, databaseMs, agrees: Math.abs(offsetMs) <= CLOCK_TOLERANCE_MS };
}

/** "3 menit 20 detik", "2 jam 5 menit", "1 hari 2 jam": a difference as a person reads it. */
export function durationText(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'hari'],
    [Math.floor((seconds % 86_400) / 3_600), 'jam'],
    [Math.floor((seconds % 3_600) / 60), 'menit'],
    [seconds % 60, 'detik'],
  ];
  const shown = parts.filter(([n]) => n > 0).slice(0, 2);
  return shown.length ? shown.map(([n, unit]) => `${n} ${unit}`).join(' ') : '0 detik';
}

/** A moment in UTC as the refusal shows it: 2026-12-07 00:10:05 UTC. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** "Jam mesin ini (…) terlambat 10 menit dibanding jam database (…)": what differs. */
export function clockDifference(reading: ClockReading): string {
  const mine = reading.databaseMs - reading.offsetMs;
  const side = reading.offsetMs > 0 ? 'terlambat' : 'terlalu cepat';
  return `Jam mesin ini (${utc(mine)}) ${side} ${durationText(reading.offsetMs)} dibanding jam database (${utc(reading.databaseMs)})`;
}

/** What a machine whose clock differs does about it. */
export const SET_THE_CLOCK =
  'cocokkan jam mesin ini (Linux: sudo timedatectl set-ntp true) atau jam server database';

/** The one line a machine whose clock differs prints, and what to do. */
export function clockRefusal(reading: ClockReading): string {
  return `${clockDifference(reading)}; sesi, kode login dan jadwal cadangan antarmesin bergantung pada jam yang sama (selisih paling banyak ${durationText(CLOCK_TOLERANCE_MS)}): ${SET_THE_CLOCK}, lalu mulai lagi.`;
}

/** Throws a ConfigError of one Indonesian line when this machine's clock is off from the database's. */
export async function assertDatabaseClock(
  db: Kysely<Database>,
  dialect: DialectName,
  clock: Clock,
): Promise<void> {
  const reading = await readDatabaseClock(db, dialect, clock);
  if (!reading.agrees) throw new ConfigError(clockRefusal(reading));
}
