import type { TestApp } from './app';

/** Adds an event for belt 1 on 1 December 2026 to an organisation (2 is the other demo one); answers its id. */
export async function insertUkt(t: TestApp, idOrganisasi: number, namaUkt: string): Promise<number> {
  const row = await t.app.db
    .insertInto('ukt')
    .values({
      id_organisasi: idOrganisasi,
      nama_ukt: namaUkt,
      nama_kegiatan: '',
      tanggal_tes: '2026-12-01',
      akhir_tes: null,
      id_tingkat: 1,
    })
    .returning('id_ukt')
    .executeTakeFirstOrThrow();
  return row.id_ukt;
}
