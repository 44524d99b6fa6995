import { type Examiner, isAdminPanitia } from '@ukt/core';
import type { AuthPenguji } from '../../plugins/context';
import type { PengujiRow } from './penguji.repository';

/** The request's view of an examiner row and their assignments (null: none, every event). */
export function toAuthPenguji(row: PengujiRow, tugas: AuthPenguji['tugas']): AuthPenguji {
  return {
    id_pemilih: row.id_pemilih,
    id_organisasi: row.id_organisasi,
    nama: row.nama,
    no_wa: row.no_wa,
    id_perwapus: row.id_perwapus,
    id_cabang: row.id_cabang,
    panitia: row.panitia,
    dewan: row.dewan,
    img_profile: row.img_profile,
    isAdmin: isAdminPanitia(row.panitia),
    tugas,
  };
}

/** The examiner record of a login answer: SPEC §3 fields, all strings (core's Examiner). */
export function toPengujiRecord(e: Omit<AuthPenguji, 'isAdmin' | 'tugas'>): Examiner {
  return {
    id_pemilih: String(e.id_pemilih),
    id_organisasi: String(e.id_organisasi),
    nama_dpt: e.nama,
    no_wa: e.no_wa,
    id_perwapus: e.id_perwapus === null ? '' : String(e.id_perwapus),
    id_cabang: e.id_cabang === null ? '' : String(e.id_cabang),
    panitia: e.panitia,
    dewan: String(e.dewan),
    img_profile: e.img_profile || `/img/${e.id_organisasi}/${e.id_pemilih}`,
  };
}
