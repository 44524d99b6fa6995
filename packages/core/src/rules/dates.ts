/** Indonesian month names, January first. */
export const BULAN = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

/** A date as 'YYYY-MM-DD' (a time part, if any, is ignored) in Indonesian long form: '21 November 2026'. */
function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${Number(day)} ${BULAN[Number(month) - 1] ?? ''} ${year}`;
}

/**
 * The test date of an event card (SPEC §2): the start in Indonesian long form, or
 * 'start - end' when the end date differs from the start.
 */
export function formatTanggal(start: string, end?: string | null): string {
  const from = longDate(start);
  if (!end || end.slice(0, 10) === start.slice(0, 10)) return from;
  return `${from} - ${longDate(end)}`;
}

/** Indonesian short month names, January first ('Jan', 'Feb', … 'Des'). */
export const BULAN_PENDEK = BULAN.map((b) => (b === 'Agustus' ? 'Agu' : b.slice(0, 3)));

/**
 * An event's days, short, for selectors and tables: '12 Des 2026', '12–13 Des 2026',
 * '28 Nov – 2 Des 2026', '30 Des 2026 – 2 Jan 2027'. Dates as 'YYYY-MM-DD' (a time part is ignored).
 */
export function formatTanggalPendek(start: string, end?: string | null): string {
  const parse = (iso: string) => /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)?.slice(1).map(Number);
  const a = parse(start);
  if (!a) return start;
  const [y1, m1, d1] = a as [number, number, number];
  const bulan = (m: number) => BULAN_PENDEK[m - 1] ?? '';
  const b = end ? parse(end) : undefined;
  if (!b || end?.slice(0, 10) === start.slice(0, 10)) return `${d1} ${bulan(m1)} ${y1}`;
  const [y2, m2, d2] = b as [number, number, number];
  if (y1 !== y2) return `${d1} ${bulan(m1)} ${y1} – ${d2} ${bulan(m2)} ${y2}`;
  if (m1 !== m2) return `${d1} ${bulan(m1)} – ${d2} ${bulan(m2)} ${y2}`;
  return `${d1}–${d2} ${bulan(m2)} ${y2}`;
}

/**
 * Indonesia's three time zones, as paper names them: WIB (UTC+7), WITA (UTC+8), WIT (UTC+9). None
 * has daylight saving time. The organisation's zone is a setting (UKT_ZONA_WAKTU, docs/decisions/137).
 */
export const ZONA_WAKTU = ['WIB', 'WITA', 'WIT'] as const;
export type ZonaWaktu = (typeof ZONA_WAKTU)[number];

/** Each zone's IANA name, for Intl.DateTimeFormat's timeZone. */
export const ZONA_IANA: Record<ZonaWaktu, string> = {
  WIB: 'Asia/Jakarta',
  WITA: 'Asia/Makassar',
  WIT: 'Asia/Jayapura',
};

/** Each zone's offset from UTC in hours, all year. */
const ZONA_JAM: Record<ZonaWaktu, number> = { WIB: 7, WITA: 8, WIT: 9 };

/** The calendar day (YYYY-MM-DD) of an instant in a zone (WIB unless said). */
export function hariDi(at: Date | string, zona: ZonaWaktu = 'WIB'): string {
  return new Date(new Date(at).getTime() + ZONA_JAM[zona] * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) of an instant in WIB. */
export function hariWib(at: Date | string): string {
  return hariDi(at, 'WIB');
}

/** An event's last test day (YYYY-MM-DD): the end date, or the only day. */
export function hariTerakhirUjian(kegiatan: { tanggal_tes: string; akhir_tes: string | null }): string {
  return (kegiatan.akhir_tes || kegiatan.tanggal_tes).slice(0, 10);
}

/**
 * True while the event's last test day is still ahead in the organisation's zone: ratifying is then
 * refused unless done as "Sahkan lebih awal" with a reason (docs/decisions/140).
 */
export function sebelumHariUjian(
  now: Date | string,
  kegiatan: { tanggal_tes: string; akhir_tes: string | null },
  zona: ZonaWaktu = 'WIB',
): boolean {
  return hariDi(now, zona) < hariTerakhirUjian(kegiatan);
}

/**
 * The day (YYYY-MM-DD) an event's piagam and berita acara are signed: the day it was ratified
 * (or today for a DRAF) in the organisation's zone, never before its last test day, so no document
 * is signed before the tests it certifies (docs/decisions/111).
 */
export function hariTandaTangan(
  disahkanAt: string | null,
  now: Date | string,
  kegiatan: { tanggal_tes: string; akhir_tes: string | null },
  zona: ZonaWaktu = 'WIB',
): string {
  const hari = hariDi(disahkanAt ?? now, zona);
  const terakhir = hariTerakhirUjian(kegiatan);
  return hari < terakhir ? terakhir : hari;
}

/** A YYYY-MM-DD day in Indonesian long form: '28 November 2026'. */
export const tanggalPanjangId = (isoDate: string): string => longDate(isoDate);
