import { type Kysely, sql } from 'kysely';
import type { BerkasMediaTable, Database } from '../../db/types';

// berkas_media: recordings and images on PostgreSQL, one row per file (docs/decisions/164).

/** A stored row without its bytes. */
export type MediaInfo = Omit<BerkasMediaTable, 'isi'>;

/** The row of a name, without its bytes. */
export function mediaInfo(db: Kysely<Database>, nama: string): Promise<MediaInfo | undefined> {
  return db
    .selectFrom('berkas_media')
    .select(['nama', 'jenis', 'ukuran', 'sha256', 'created_at'])
    .where('nama', '=', nama)
    .executeTakeFirst();
}

/** False before the migration that adds berkas_media has run (a backup taken just before it). */
export async function mediaTableExists(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{
    there: string | null;
  }>`select to_regclass('berkas_media')::text as there`.execute(db);
  return Boolean(rows[0]?.there);
}

/** Every stored name, sorted. */
export async function mediaNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('berkas_media').select('nama').orderBy('nama').execute();
  return rows.map((r) => r.nama);
}

/** `length` bytes from `offset` of a row, only while it still holds the content `info` names. */
export async function mediaChunk(
  db: Kysely<Database>,
  info: MediaInfo,
  offset: number,
  length: number,
): Promise<Buffer | undefined> {
  const { rows } = await sql<{ part: Buffer }>`select substring(isi from ${offset + 1} for ${length}) as part
    from berkas_media where nama = ${info.nama} and sha256 = ${info.sha256}`.execute(db);
  return rows[0]?.part;
}

/** Stores a row (a new one, or a new content for its name) and removes `replaces`, in one transaction. */
export async function putMedia(
  db: Kysely<Database>,
  row: BerkasMediaTable,
  replaces: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const others = replaces.filter((n) => n !== row.nama);
    if (others.length > 0) await trx.deleteFrom('berkas_media').where('nama', 'in', others).execute();
    await trx
      .insertInto('berkas_media')
      .values(row)
      // The new values by reference: the bytes travel to the database once, not twice.
      .onConflict((oc) =>
        oc.column('nama').doUpdateSet((eb) => ({
          jenis: eb.ref('excluded.jenis'),
          ukuran: eb.ref('excluded.ukuran'),
          sha256: eb.ref('excluded.sha256'),
          isi: eb.ref('excluded.isi'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  });
}

/** Stores a row unless its name has one already; answers the row there afterwards. */
export async function putMediaIfAbsent(
  db: Kysely<Database>,
  row: BerkasMediaTable,
): Promise<MediaInfo | undefined> {
  await db
    .insertInto('berkas_media')
    .values(row)
    .onConflict((oc) => oc.column('nama').doNothing())
    .execute();
  return mediaInfo(db, row.nama);
}

/** Removes rows; names already gone are fine. */
export async function deleteMedia(db: Kysely<Database>, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.deleteFrom('berkas_media').where('nama', 'in', names).execute();
}
