import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { caAuthorityDir, installCaddyCa, readCaddyCa } from '../modules/backup/caddy-ca';

// A laptop set up with the venue guide before the launcher (docs/decisions/152): Caddy ran by hand
// with its CA in ~/ukt/caddy-data (C:/ukt/caddy-data on Windows) or as Debian's caddy service
// (/var/lib/caddy/.local/share/caddy), UKT_CADDY_DATA typed in the window, and BACKUP_DIR typed
// for `npm start` (~/ukt/cadangan, C:/ukt/cadangan). The launcher keeps Caddy's data in
// DATA_DIR/caddy: before Caddy makes a new CA there, the root every phone already trusts is copied
// in (only root.crt and root.key, as a restore does: decision 132), so no phone installs again.

/** Debian's caddy service's data folder, the Caddyfile's default storage. */
export const DEBIAN_CADDY_DATA = '/var/lib/caddy/.local/share/caddy';

/** Where the earlier guide had Caddy's data, most specific first (`typed`: UKT_CADDY_DATA); none equal to `caddyData`. */
export function earlierCaPlaces(
  caddyData: string,
  typed: string | undefined,
  home: string,
  platform: NodeJS.Platform,
): string[] {
  // The platform's own paths: C:\Users\Budi Santoso\ukt\caddy-data on Windows.
  const path = platform === 'win32' ? win32 : posix;
  const places = [
    ...(typed ? [typed] : []),
    path.join(home, 'ukt', 'caddy-data'),
    ...(platform === 'win32' ? ['C:\\ukt\\caddy-data'] : []),
    ...(platform === 'linux' ? [DEBIAN_CADDY_DATA] : []),
  ].map((p) => path.resolve(p));
  const own = path.resolve(caddyData);
  return [...new Set(places)].filter((p) => p !== own);
}

/** What was found of an earlier set-up's CA. */
export type EarlierCa =
  | { kind: 'none' }
  | { kind: 'copy'; from: string }
  /** There, but this user may not read it (Debian's service owns its folder), or not a root and its key. */
  | { kind: 'unreadable' | 'broken'; from: string };

/** Whether Debian's caddy service served UKT Penguji (the earlier guide copied deploy/Caddyfile there). */
function debianServedUkt(caddyfile: string): boolean {
  try {
    return readFileSync(caddyfile, 'utf8').includes('ukt-ca.crt');
  } catch {
    return false;
  }
}

/** Where Debian's service kept its data and the Caddyfile it ran (parameters for tests). */
export interface DebianService {
  place: string;
  caddyfile: string;
}

/**
 * The earlier CA to keep using: none when `caddyData` has a CA already (the launcher ran before)
 * or no earlier place holds one. A folder this user cannot read counts only for Debian's service
 * folder when /etc/caddy/Caddyfile is the app's (else every laptop with the caddy package would be
 * stopped), and for the other places.
 */
export async function findEarlierCa(
  caddyData: string,
  places: string[],
  debian: DebianService = { place: DEBIAN_CADDY_DATA, caddyfile: '/etc/caddy/Caddyfile' },
): Promise<EarlierCa> {
  if ((await readCaddyCa(caddyData)).ca) return { kind: 'none' };
  for (const from of places) {
    const { ca, note } = await readCaddyCa(from);
    if (ca) return { kind: 'copy', from };
    if (!note || (from === debian.place && !debianServedUkt(debian.caddyfile))) continue;
    try {
      accessSync(join(caAuthorityDir(from), 'root.key'), constants.R_OK);
      return { kind: 'broken', from };
    } catch {
      return { kind: 'unreadable', from };
    }
  }
  return { kind: 'none' };
}

/** The ✗ lines for an earlier CA that cannot be copied: what to do, the one command where it helps. */
export function earlierCaLines(
  found: { kind: 'unreadable' | 'broken'; from: string },
  caddyData: string,
): string {
  const source = caAuthorityDir(found.from);
  const target = caAuthorityDir(caddyData);
  const fresh = `Bila CA baru memang diinginkan (semua HP memasang sertifikat lagi), pindahkan folder ${source} ke tempat lain.`;
  if (found.kind === 'broken')
    return [
      `✗ Sertifikat CA dari cara lama: root.crt dan root.key di ${source} bukan pasangan sertifikat CA, jadi tidak dapat dipakai lagi.`,
      `    Pulihkan folder itu dari cadangan, atau: ${fresh}`,
    ].join('\n');
  return [
    `✗ Sertifikat CA dari cara lama: ada di ${found.from}, tetapi pengguna ini tidak boleh membacanya.`,
    '    HP yang sudah memasang sertifikat laptop ini tetap percaya bila CA itu dipakai lagi. Salin sekali (lalu jalankan lagi perintah ini):',
    `    sudo mkdir -p "${target}" && sudo cp "${source}/root.crt" "${source}/root.key" "${target}/" && sudo chown -R "$(id -un)" "${caddyData}"`,
    `    ${fresh}`,
  ].join('\n');
}

/** Copies the earlier CA into `caddyData`; answers the one line the window shows. */
export async function adoptEarlierCa(from: string, caddyData: string): Promise<string> {
  const { ca } = await readCaddyCa(from);
  if (!ca) throw new Error(`CA di ${from} tidak terbaca lagi`);
  await installCaddyCa(caddyData, ca, new Date());
  return `Sertifikat CA dari cara lama dipakai lagi: disalin dari ${from} ke ${caddyData}; HP yang sudah memasangnya tidak perlu memasang ulang.`;
}

/** Where the earlier guide put backups; the first that holds files, or null. */
export function earlierBackupFolder(home: string, platform: NodeJS.Platform): string | null {
  const path = platform === 'win32' ? win32 : posix;
  const places = [path.join(home, 'ukt', 'cadangan'), ...(platform === 'win32' ? ['C:\\ukt\\cadangan'] : [])];
  for (const place of places) {
    try {
      if (readdirSync(place).length > 0) return place;
    } catch {
      // not there
    }
  }
  return null;
}
