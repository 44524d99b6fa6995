import { PESERTA_FIELDS } from '@ukt/core';
import type { ImportTarget } from './import-target';

// The example row of each kind's template (DESIGN §9). A committee may leave it in the file: a
// row equal to it is recognised and skipped, never imported (check-file.ts).

/** The example row of each kind's template, by field. */
export const TEMPLATE_EXAMPLES: Record<ImportTarget['kind'], Record<string, string | number>> = {
  kegiatan: {
    id_ukt: 12,
    nama_ukt: 'Contoh UKT Sabuk Jambon Ke Hijau',
    nama_kegiatan: 'Ujian Kenaikan Tingkat II',
    tanggal_tes: '2026-12-06',
    akhir_tes: '2026-12-07',
    id_tingkat: 2,
  },
  penguji: {
    no_wa: '081234567890',
    nama: 'Rina Wulandari (contoh)',
    perwapus: 'Perwapus Madiun Raya',
    cabang: 'Cabang Kota Madiun',
    panitia: 'Penguji',
    dewan: 1,
  },
  siswa: Object.fromEntries(PESERTA_FIELDS.map((f) => [f.kolom, f.contoh])),
  soal: {
    no: 1,
    soal_tanya: 'Contoh: apa makna salam perguruan yang diberikan sebelum berlatih?',
    a: 'Tanda hormat dan persaudaraan',
    b: 'Tanda siap bertanding',
    c: 'Tanda latihan selesai',
    d: 'Tanda meminta izin pulang',
    jawaban_benar: 'a',
  },
};
