/**
 * An ISO time as a short local date and time, or '–' when there is none; with `detik`, to the
 * second (two backups made in one minute must not look alike).
 */
export function formatWaktu(iso: string | null, { detik = false } = {}): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(detik ? { second: '2-digit' } : {}),
  });
}
