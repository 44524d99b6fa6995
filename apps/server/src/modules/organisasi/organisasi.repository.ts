import type { Organisasi } from '@ukt/core';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, OrganisasiTable } from '../../db/types';
import { ORGANISASI_DEFAULTS, toOrganisasi } from './organisasi.mapper';

type Db = Kysely<Database> | Transaction<Database>;

/** Creates the organisation's config row with SPEC §9's defaults if it is missing. */
export async function ensureOrganisasi(
  db: Kysely<Database>,
  idOrganisasi: number,
  nama: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('organisasi')
    .values({
      id_organisasi: idOrganisasi,
      nama_organisasi: nama,
      website: '',
      visi: '',
      ketua: '',
      nama: nama,
      nama0: '',
      nama1: '',
      nama2: '',
      moto: '',
      ...ORGANISASI_DEFAULTS,
      warna2: '',
      warna3: '',
      warna4: '',
      img_banner: '',
      logo: '',
      created_at: now,
      update_at: now,
    })
    .onConflict((oc) => oc.column('id_organisasi').doNothing())
    .execute();
}

/** The organisation's config row, if it exists. */
export function findOrganisasiRow(db: Db, idOrganisasi: number) {
  return db.selectFrom('organisasi').selectAll().where('id_organisasi', '=', idOrganisasi).executeTakeFirst();
}

/** An organisation's config as the client reads it (core's Organisasi), or undefined. */
export async function findOrganisasi(
  db: Kysely<Database>,
  idOrganisasi: number,
): Promise<Organisasi | undefined> {
  const row = await findOrganisasiRow(db, idOrganisasi);
  return row ? toOrganisasi(row) : undefined;
}

/** Changes the organisation's config. */
export async function updateOrganisasi(
  db: Db,
  idOrganisasi: number,
  values: Updateable<OrganisasiTable>,
): Promise<void> {
  await db.updateTable('organisasi').set(values).where('id_organisasi', '=', idOrganisasi).execute();
}

/**
 * Replaces the image columns only if they still hold what the caller read (compare and set),
 * so two uploads to different slots at once cannot lose one another; false when they changed.
 */
export async function replaceGambarColumns(
  db: Db,
  idOrganisasi: number,
  read: { banners: string; logo_gambar: string },
  next: { banners: string; logo_gambar: string; update_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('organisasi')
    .set(next)
    .where('id_organisasi', '=', idOrganisasi)
    .where('banners', '=', read.banners)
    .where('logo_gambar', '=', read.logo_gambar)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
