import { kunciKolom } from './impor-teks';
import { PESERTA_FIELDS, SINONIM_NAMA_ORANG } from './peserta-fields';

// The columns of each kind of import file (DESIGN §6): the field a column fills, the label the
// template writes and the console shows, and the other headers a committee's own spreadsheet
// may use for it. Headers are compared by kunciKolom, so case, spaces, dots and underscores
// never matter ("No Urut", "NO_URUT", "no.urut").

/** What an import file holds (DESIGN §6, §9). */
export const IMPOR_JENIS = ['kegiatan', 'penguji', 'peserta', 'soal'] as const;
export type ImporJenis = (typeof IMPOR_JENIS)[number];

/** One column of an import file. */
export interface ImporKolom {
  /** The field it fills (the stored column, and the header older files use). */
  kolom: string;
  /** The header of the template and the console. */
  label: string;
  /** Other headers read as this column. */
  sinonim: readonly string[];
  /**
   * A file without this column is refused. Without an optional one, a stored row the file updates
   * keeps its value and a new row gets the column's default (docs/decisions/156).
   */
  wajib: boolean;
}

const k = (kolom: string, label: string, sinonim: string[] = [], wajib = true): ImporKolom => ({
  kolom,
  label,
  sinonim,
  wajib,
});

/** The columns of every kind of import file, in the template's order. */
export const IMPOR_KOLOM: Record<ImporJenis, readonly ImporKolom[]> = {
  kegiatan: [
    k('id_ukt', 'ID Kegiatan', ['ID UKT', 'ID', 'Kode Kegiatan', 'No. Kegiatan']),
    k('nama_ukt', 'Nama UKT', ['Nama Ujian', 'UKT']),
    k('nama_kegiatan', 'Nama Kegiatan', ['Kegiatan'], false),
    k('tanggal_tes', 'Tanggal Tes', ['Tanggal', 'Tanggal Mulai', 'Tanggal Ujian']),
    k('akhir_tes', 'Tanggal Akhir', ['Akhir Tes', 'Tanggal Selesai', 'Sampai'], false),
    k('id_tingkat', 'Tingkat', ['ID Tingkat', 'Tingkat Sabuk', 'Sabuk']),
  ],
  penguji: [
    k('no_wa', 'No. WhatsApp', ['No WA', 'Nomor WA', 'WhatsApp', 'WA', 'No. HP', 'No HP', 'Nomor HP', 'HP']),
    k('nama', 'Nama', [...SINONIM_NAMA_ORANG]),
    k('perwapus', 'Perwapus', [], false),
    k('cabang', 'Cabang', [], false),
    k('panitia', 'Peran', ['Panitia', 'Jabatan'], false),
    k('dewan', 'Dewan', ['No. Dewan', 'Nomor Dewan'], false),
  ],
  peserta: PESERTA_FIELDS.map((f) => k(f.kolom, f.judul, [...f.sinonim], f.wajib)),
  soal: [
    k('no', 'No.', ['No Soal', 'Nomor', 'Nomor Soal']),
    k('soal_tanya', 'Pertanyaan', ['Soal', 'Soal Tanya', 'Tanya']),
    k('a', 'Pilihan A', ['Jawaban A', 'Opsi A']),
    k('b', 'Pilihan B', ['Jawaban B', 'Opsi B']),
    k('c', 'Pilihan C', ['Jawaban C', 'Opsi C']),
    k('d', 'Pilihan D', ['Jawaban D', 'Opsi D']),
    k('jawaban_benar', 'Kunci Jawaban', ['Jawaban Benar', 'Kunci', 'Jawaban']),
  ],
};

/** The column a header names in a kind of file, or undefined. */
export function kolomDariJudul(jenis: ImporJenis, judul: string): ImporKolom | undefined {
  const key = kunciKolom(judul);
  if (!key) return undefined;
  return IMPOR_KOLOM[jenis].find(
    (c) =>
      kunciKolom(c.kolom) === key ||
      kunciKolom(c.label) === key ||
      c.sinonim.some((s) => kunciKolom(s) === key),
  );
}

/** The label of a field of a kind of file ("no_urut" → "No. Urut"); an unknown field as it is. */
export function labelKolom(jenis: ImporJenis, kolom: string): string {
  return IMPOR_KOLOM[jenis].find((c) => c.kolom === kolom)?.label ?? kolom;
}

/**
 * What an import's preview and report say of the optional columns a file does not carry: their
 * stored values stay (docs/decisions/156). Empty when the file carries every column.
 */
export function kalimatKolomTetap(labels: readonly string[]): string {
  if (!labels.length) return '';
  return `Kolom tidak ada di berkas, isi yang tersimpan tetap: ${labels.join(', ')}. Untuk mengosongkannya, tambahkan kolom itu dengan sel kosong.`;
}
