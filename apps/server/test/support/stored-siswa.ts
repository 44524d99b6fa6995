import type { TestApp } from './app';

/** Participant `no` of an event as stored: the name, province and the four region names. */
export function storedSiswa(t: TestApp, no: number, idUkt = 1) {
  return t.app.db
    .selectFrom('siswa')
    .innerJoin('perwapus', 'perwapus.id', 'siswa.id_perwapus')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'siswa.nama',
      'siswa.provinsi',
      'perwapus.nama as perwapus',
      'cabang.nama as cabang',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
    ])
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.no_urut', '=', no)
    .executeTakeFirstOrThrow();
}
