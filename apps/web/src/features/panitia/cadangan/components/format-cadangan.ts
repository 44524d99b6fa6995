const KB = 1024;
const MB = 1024 * KB;

/** A file size as the committee reads it: '850 KB', '12,4 MB' (Indonesian decimal comma). */
export function formatUkuran(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB)).toLocaleString('id-ID')} KB`;
  return `${(bytes / MB).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
}
