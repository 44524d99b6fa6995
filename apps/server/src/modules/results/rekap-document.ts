import {
  alasanSingkat,
  formatNilai,
  formatNilaiKolom,
  hariDi,
  headerLabel,
  type KomponenKey,
  tanggalPanjangId,
  type ZonaWaktu,
} from '@ukt/core';
import type { Rekap, RekapEntry } from './rekap.service';

// What every export of the recap shows (.xlsx, .csv, PDF): the same title lines, the same columns
// and the same cells, so the three files never disagree (docs/decisions/040).

/** The mark of every export until the committee ratifies the event (DESIGN §10). */
export const DRAF_LINE = 'DRAF — belum disahkan panitia';

/** What an unscored component shows in the .xlsx and the PDF (core's score cell); the .csv leaves the cell empty. */
export const BELUM_DINILAI = formatNilaiKolom(null);

/**
 * One column of the exported recap: its field key (for the code), its header (for the committee:
 * 'Nilai Akhir', never 'nilai_akhir', docs/decisions/107), the kind of value it holds, its cell.
 */
export interface RekapColumn {
  key: string;
  header: string;
  kind: 'text' | 'number' | 'score';
  cell: (row: RekapEntry) => string | number | null;
}

/** The recap as an export shows it: title lines, columns, and the rows grouped by ranting. */
export interface RekapDocument {
  rekap: Rekap;
  /** 'DRAF — belum disahkan panitia' until ratified, then when it was ratified. */
  status: string;
  draf: boolean;
  judul: string;
  keterangan: string[];
  columns: RekapColumn[];
}

const tanggal = (iso: string) =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * The status line of paper about an event's results, the recap's exports and the berita acara
 * alike: DRAF until ratified, then the day it was ratified in the organisation's zone, and
 * 'lebih awal' when that was before the last exam day (docs/decisions/140).
 */
export function statusPengesahan(disahkanAt: string | null, lebihAwal: boolean, zona: ZonaWaktu): string {
  if (!disahkanAt) return DRAF_LINE;
  return `Disahkan panitia${lebihAwal ? ' lebih awal' : ''} ${tanggalPanjangId(hariDi(disahkanAt, zona))}`;
}

const column = (key: string, kind: RekapColumn['kind'], cell: RekapColumn['cell']): RekapColumn => ({
  key,
  header: headerLabel(key),
  kind,
  cell,
});

/** The columns of an export: region, each counted component, final score, band, status, reasons. */
function columnsOf(komponen: KomponenKey[]): RekapColumn[] {
  return [
    column('no_urut', 'number', (r) => r.no_urut),
    column('nama', 'text', (r) => r.nama),
    column('perwapus', 'text', (r) => r.perwapus),
    column('cabang', 'text', (r) => r.cabang),
    column('ranting', 'text', (r) => r.ranting),
    column('rayon', 'text', (r) => r.rayon),
    // A component by its SPEC name ('KESHAN', 'SENAM TOYAK').
    ...komponen.map((key) => column(key, 'score', (r) => r.nilai[key] ?? null)),
    column('nilai_akhir', 'score', (r) => r.nilai_akhir),
    column('predikat', 'text', (r) => r.predikat),
    column('status', 'text', (r) => r.status),
    // The same short line the Rekap page shows (docs/decisions/144).
    column('alasan', 'text', (r) => alasanSingkat(r, komponen)),
  ];
}

/**
 * The export of an organisation's recap: its title lines and columns. The day it was ratified is
 * that instant's day in the organisation's time zone, and an early ratification says so, as the
 * berita acara prints it.
 */
export function rekapDocument(
  rekap: Rekap,
  organisasi: string,
  zona: ZonaWaktu,
  { lebihAwal = false }: { lebihAwal?: boolean } = {},
): RekapDocument {
  const { kegiatan, aturan, meta } = rekap;
  const draf = !kegiatan.disahkan_at;
  const dates = [kegiatan.tanggal_tes, kegiatan.akhir_tes]
    .filter((d): d is string => Boolean(d))
    .map(tanggal)
    .join(' – ');
  const { total } = meta;
  return {
    rekap,
    draf,
    status: statusPengesahan(kegiatan.disahkan_at, lebihAwal, zona),
    judul: `Rekap nilai ${kegiatan.nama_ukt}`,
    keterangan: [
      [organisasi, kegiatan.nama_kegiatan, `tingkat ${kegiatan.id_tingkat}`, dates]
        .filter(Boolean)
        .join(' · '),
      `Aturan kelulusan versi ${aturan.versi}: nilai akhir minimal ${formatNilai(aturan.aturan.nilai_minimum)}`,
      [
        `Lulus ${total.Lulus}`,
        `Tidak Lulus ${total['Tidak Lulus']}`,
        `Belum lengkap ${total['Belum lengkap']}`,
        ...(meta.mundur ? [`Mundur ${meta.mundur}`] : []),
      ].join(' · '),
    ],
    columns: columnsOf(meta.komponen),
  };
}

/** The rows of a recap by ranting (in the order of their first row), for a sheet or section each. */
export function byRanting(rows: readonly RekapEntry[]): RekapEntry[][] {
  const groups = new Map<number, RekapEntry[]>();
  for (const row of rows) {
    const group = groups.get(row.id_ranting);
    if (group) group.push(row);
    else groups.set(row.id_ranting, [row]);
  }
  return [...groups.values()];
}
