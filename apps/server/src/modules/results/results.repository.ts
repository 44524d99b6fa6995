import { KSHAN_TINGKAT, type NilaiField } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database, ScoreColumns } from '../../db/types';

/**
 * Every participant of an event with region names, the score columns asked for at the event's
 * belt, and the oral KSHAN score (kept at id_tingkat 5), by no_urut.
 */
export function listResults(
  db: Kysely<Database>,
  idUkt: number,
  tingkat: number,
  scores: readonly (keyof ScoreColumns | 'nilai_fisik2')[],
) {
  return db
    .selectFrom('siswa')
    .innerJoin('perwapus', 'perwapus.id', 'siswa.id_perwapus')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .leftJoin('nilai', (j) =>
      j
        .onRef('nilai.id_siswa', '=', 'siswa.id_siswa')
        .on('nilai.id_ukt', '=', idUkt)
        .on('nilai.id_tingkat', '=', tingkat),
    )
    .leftJoin('nilai as lisan', (j) =>
      j
        .onRef('lisan.id_siswa', '=', 'siswa.id_siswa')
        .on('lisan.id_ukt', '=', idUkt)
        .on('lisan.id_tingkat', '=', KSHAN_TINGKAT),
    )
    .select([
      'siswa.no_urut',
      'siswa.nama',
      'perwapus.nama as perwapus',
      'cabang.nama as cabang',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
      'siswa.provinsi',
      'lisan.nilai_kshan as nilai_kshan_lisan',
    ])
    .select(scores.map((f) => `nilai.${f}` as `nilai.${NilaiField}`))
    .where('siswa.id_ukt', '=', idUkt)
    .orderBy('siswa.no_urut')
    .execute();
}
