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
