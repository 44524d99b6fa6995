import { KOMPONEN_NILAI, type KoreksiBody, type KoreksiHasil, komponenTingkat } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import { saveNilai } from '../nilai/nilai.service';
import { findSiswa } from '../siswa/siswa.repository';

/**
 * A committee admin's correction of one component's score (DESIGN §10): written through the same
 * path as the app's scores (saveNilai: the one column the recap reads, e.g. nilai_fisik2 for FISIK;
 * refused while the event is ratified) and audited with the admin, the reason and source 'koreksi'.
 * The value was checked against the component's scale by KoreksiBody. A value the score already
 * has changes nothing and is not audited.
 */
export async function koreksiNilai(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  body: KoreksiBody,
  now: string,
): Promise<KoreksiHasil> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  if (!(await findSiswa(db, body.id_siswa, idUkt))) {
    throw notFound(`Peserta dengan ID ${body.id_siswa} tidak ditemukan di kegiatan ini.`);
  }
  const key = {
    id_siswa: body.id_siswa,
    id_ukt: idUkt,
    id_tingkat: komponenTingkat(body.komponen, kegiatan.id_tingkat),
  };
  const [change] = await writer.run((trx) =>
    saveNilai(trx, admin, key, { [KOMPONEN_NILAI[body.komponen].field]: body.nilai }, now, {
      source: 'koreksi',
      reason: body.alasan,
    }),
  );
  return change
    ? { komponen: body.komponen, lama: change.old_value, baru: change.new_value, berubah: true }
    : { komponen: body.komponen, lama: body.nilai, baru: body.nilai, berubah: false };
}
