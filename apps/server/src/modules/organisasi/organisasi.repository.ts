import type { Organisasi } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** SPEC §9's defaults of the organisation config. */
export const ORGANISASI_DEFAULTS = { kota: 'MADIUN', logo_height: '250px', warna: '#FFA500' } as const;

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

/** An organisation's config as the client reads it (core's Organisasi), or undefined. */
export async function findOrganisasi(
  db: Kysely<Database>,
  idOrganisasi: number,
): Promise<Organisasi | undefined> {
  const row = await db
    .selectFrom('organisasi')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .executeTakeFirst();
  if (!row) return undefined;
  const { logo_height, id_organisasi, ...rest } = row;
  return {
    ...rest,
    id_organisasi: String(id_organisasi),
    kota: rest.kota || ORGANISASI_DEFAULTS.kota,
    warna: rest.warna || ORGANISASI_DEFAULTS.warna,
    logoHeight: logo_height || ORGANISASI_DEFAULTS.logo_height,
  };
}
