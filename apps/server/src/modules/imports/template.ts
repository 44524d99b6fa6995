import ExcelJS from 'exceljs';
import { type ImportTarget, importColumns } from './imports.service';

// The console's template per import kind (DESIGN §9): the header row and one realistic example,
// in the order and spelling the import reads (DESIGN §6).

const EXAMPLES: Record<ImportTarget['kind'], Record<string, string | number>> = {
  kegiatan: {
    id_ukt: 12,
    nama_ukt: 'UKT Sabuk Jambon Ke Hijau',
    nama_kegiatan: 'Ujian Kenaikan Tingkat II',
    tanggal_tes: '2026-12-06',
    akhir_tes: '2026-12-07',
    id_tingkat: 2,
  },
  penguji: {
    no_wa: '081234567890',
    nama: 'Rina Wulandari',
    perwapus: 'Perwapus Madiun Raya',
    cabang: 'Cabang Kota Madiun',
    panitia: 'Penguji',
    dewan: 1,
  },
  siswa: {
    no_urut: 1,
    nama: 'Ani Lestari',
    perwapus: 'Perwapus Madiun Raya',
    cabang: 'Cabang Kota Madiun',
    ranting: 'Ranting Taman',
    rayon: 'Rayon Demangan',
    provinsi: 'Jawa Timur',
  },
  soal: {
    no: 1,
    soal_tanya: 'Apa makna salam perguruan yang diberikan sebelum berlatih?',
    a: 'Tanda hormat dan persaudaraan',
    b: 'Tanda siap bertanding',
    c: 'Tanda latihan selesai',
    d: 'Tanda meminta izin pulang',
    jawaban_benar: 'a',
  },
};

/** Columns whose digits must stay text: a leading 0 of a phone number, a date Excel would convert. */
const TEXT_COLUMNS = new Set(['no_wa', 'tanggal_tes', 'akhir_tes']);

/** The .xlsx template of an import kind: a bold, frozen header row and one example row. */
export async function importTemplate(kind: ImportTarget['kind']): Promise<Buffer> {
  const columns = importColumns(kind);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({
    header: key,
    key,
    width: Math.max(key.length + 4, String(EXAMPLES[kind][key] ?? '').length + 2, 12),
    style: TEXT_COLUMNS.has(key) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLES[kind]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
