import { releaseDay } from '../../lib/release-day';
import { type Check, failed, localDay, localTime, passed, warned } from './check';

// Check 5: a laptop whose battery ran flat may wake up in another year. Certificates are then
// "not yet valid" or "expired" on every phone, and scores carry the wrong date. The build dates this
// version of the app (lib/release-day.ts, docs/decisions/172): no clock before that day can be right.

/** How long after its release an app's clock is still believed without a warning. */
const PLAUSIBLE_YEARS = 3;

/** "UTC+07:00 (WIB)": the laptop's time zone as Indonesia names it, when it is one of its three. */
function zoneOf(now: Date): string {
  const minutes = -now.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const name = { 420: 'WIB', 480: 'WITA', 540: 'WIT' }[minutes];
  return name ? `${offset}, ${name}` : offset;
}

const SET_CLOCK =
  'Atur jam dan tanggal laptop (Windows: Settings → Time & language → Date & time; macOS: System Settings → General → Date & Time; Linux: `sudo timedatectl set-time "YYYY-MM-DD HH:MM"`), sebaiknya otomatis saat masih ada internet. Jam yang salah membuat HP menolak sertifikat https dan tanggal nilai keliru.';

/** The clock is not before this version's release and not years past it. */
export function checkClock(now: Date, release = releaseDay()): Check {
  const id = 'jam';
  const judul = 'Jam dan tanggal laptop';
  const shown = `${localTime(now)} (${zoneOf(now)})`;
  if (localDay(now) < release) {
    return failed(
      id,
      judul,
      `Jam laptop menunjukkan ${shown}, lebih awal dari tanggal versi aplikasi ini (${release}).`,
      SET_CLOCK,
    );
  }
  const [y, m, d] = release.split('-').map(Number) as [number, number, number];
  if (now > new Date(y + PLAUSIBLE_YEARS, m - 1, d)) {
    return warned(
      id,
      judul,
      `Jam laptop menunjukkan ${shown}, lebih dari ${PLAUSIBLE_YEARS} tahun setelah versi aplikasi ini (${release}).`,
      `Bila jam itu salah: ${SET_CLOCK} Bila benar, perbarui aplikasi saat masih ada internet.`,
    );
  }
  return passed(id, judul, `${shown}: pastikan sama dengan jam di HP.`);
}
