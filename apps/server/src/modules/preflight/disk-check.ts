import { dirname } from 'node:path';
import { type Check, failed, passed, warned } from './check';
import type { Probes } from './probes';

// Check 6: a full disk is the likeliest way a venue laptop stops saving scores (docs/decisions/100).
// Below MIN_FREE_DISK_MB the server reports itself not ready; a day of photos, recordings and
// half-hourly backups wants more than that, hence a venue's own warning line.

/** Below this much free space an exam day may run out: a warning. */
export const VENUE_MIN_FREE_BYTES = 500 * 1024 * 1024;

const shown = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.floor(bytes / 1024 ** 2)} MB`;

const FREE_UP =
  'Kosongkan ruang: pindahkan cadangan lama dan berkas besar ke flashdisk, dan kosongkan Recycle Bin (Windows) atau Trash (macOS).';

/** What a disk check is about: DATA_DIR or BACKUP_DIR. */
export interface DiskPlace {
  id: string;
  /** "data (DATA_DIR)" */
  label: string;
  path: string;
}

/** The space of the disk a folder will be on: its own, or its nearest existing parent's (a first start makes it). */
function spaceOf(path: string, probes: Probes) {
  for (let at = path; ; at = dirname(at)) {
    const space = probes.diskSpace(at);
    if (space || dirname(at) === at) return space && { ...space, path };
  }
}

/** Free space where `place` lives, against MIN_FREE_DISK_MB (failure) and the venue's 500 MB (warning). */
export function checkDisk(place: DiskPlace, minFreeBytes: number, probes: Probes): Check {
  const judul = `Ruang disk untuk ${place.label}`;
  const space = spaceOf(place.path, probes);
  if (!space) {
    return warned(
      place.id,
      judul,
      `Ruang kosong di ${place.path} tidak dapat dibaca.`,
      'Periksa bahwa folder itu ada dan disknya terpasang.',
    );
  }
  const free = `Sisa ${shown(space.free)} dari ${shown(space.total)} di disk ${place.path}`;
  if (space.free < minFreeBytes) {
    return failed(
      place.id,
      judul,
      `${free}, di bawah MIN_FREE_DISK_MB (${shown(minFreeBytes)}): server akan melaporkan dirinya tidak siap dan nilai bisa gagal tersimpan.`,
      FREE_UP,
    );
  }
  const venueMin = Math.max(minFreeBytes, VENUE_MIN_FREE_BYTES);
  if (space.free < venueMin) {
    return warned(
      place.id,
      judul,
      `${free}: cukup untuk mulai, tetapi foto, rekaman dan cadangan sehari bisa menghabiskannya.`,
      `${FREE_UP} Sisakan paling sedikit ${shown(venueMin)}.`,
    );
  }
  return passed(place.id, judul, `${free}.`);
}
