// A file size as people read it, in one place for the server's messages and the console's tables:
// "15 KB", "1,2 MB", "3,4 GB" (1 KB = 1024 bytes, Indonesian decimal comma and thousands dot).

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Groups whole thousands with a dot and writes the decimal with a comma: 1234.5 → "1.234,5". */
function indonesian(value: number, decimals: number): string {
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction && /[1-9]/.test(fraction) ? `${grouped},${fraction}` : grouped;
}

/**
 * A number of bytes as a size a committee reads: whole KB below 1 MB (at least "1 KB" for a file
 * that is not empty), one decimal from MB up ("1,2 MB"; "2 MB", not "2,0 MB").
 */
export function formatUkuran(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 KB';
  let value = bytes / 1024;
  let unit = 0;
  // Rounded first, so 1023.7 KB reads "1 MB" rather than "1.024 KB".
  while (unit < UNITS.length - 1 && Number(unit === 0 ? Math.round(value) : value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${indonesian(Math.max(1, Math.round(value)), 0)} KB`;
  return `${indonesian(value, 1)} ${UNITS[unit]}`;
}
