import { findPanitiaSiswaRows } from '../../src/modules/siswa/siswa-panitia.repository';
import type { TestApp } from './app';

/** Participant `no` of an event as stored, with its four region names (the console's own query). */
export async function storedSiswa(t: TestApp, no: number, idUkt = 1) {
  const { id_siswa } = await t.app.db
    .selectFrom('siswa')
    .select('id_siswa')
    .where('id_ukt', '=', idUkt)
    .where('no_urut', '=', no)
    .executeTakeFirstOrThrow();
  const [row] = await findPanitiaSiswaRows(t.app.db, [id_siswa]);
  if (!row) throw new Error(`participant ${no} of event ${idUkt} not found`);
  return row;
}
