import type { Config } from '../../config/env';
import { connectDb } from '../../db/connect';
import { listKegiatan } from '../kegiatan/kegiatan.repository';

// A domain certificate must last through the exams to come (check 4). Their dates are in the
// database, when there is one to read: the pre-flight check runs before the app ever started, so a
// missing, unmigrated or unreachable database is no error, only an unknown date.

/** The last day (YYYY-MM-DD) of the organisation's events not archived, not ratified and not over by `today`; null when none. */
export async function lastEventDay(
  db: Parameters<typeof listKegiatan>[0],
  idOrganisasi: number,
  today: string,
): Promise<string | null> {
  const rows = await listKegiatan(db, idOrganisasi, { arsip: false });
  const ends = rows
    .filter((r) => r.disahkan_at === null)
    .map((r) => r.akhir_tes ?? r.tanggal_tes)
    .filter((end) => end >= today)
    .sort();
  return ends.at(-1) ?? null;
}

/** lastEventDay from the configured database as it is (never migrated); undefined when it cannot be read. */
export async function lastEventDayOf(config: Config, today: string): Promise<string | null | undefined> {
  let db: ReturnType<typeof connectDb>['db'] | undefined;
  try {
    db = connectDb(config.databaseUrl).db;
    return await lastEventDay(db, config.orgId, today);
  } catch {
    return undefined;
  } finally {
    await db?.destroy().catch(() => undefined);
  }
}
