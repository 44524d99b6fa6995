import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import semver from 'semver';
import { type Check, codeOf, failed, passed, warned } from './check';
import type { Probes } from './probes';

// Check 3: Caddy is there and new enough for deploy/Caddyfile, which is tested from 2.6 on
// (docs/decisions/095). Debian 12 ships 2.6.2.

/** The oldest Caddy that reads deploy/Caddyfile as written. */
export const MIN_CADDY_VERSION = '2.6.0';

const DOWNLOAD = 'https://caddyserver.com/download';

/** True for a file this user may run. */
function runnable(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `caddy` program on a PATH value, as the shell would find it; null when there is none. */
export function findOnPath(program: string, pathVariable: string, platform: NodeJS.Platform): string | null {
  const endings = platform === 'win32' ? ['.exe', '.cmd', '.bat', ''] : [''];
  for (const dir of pathVariable.split(platform === 'win32' ? ';' : delimiter)) {
    if (!dir) continue;
    for (const ending of endings) {
      const file = join(dir.replace(/^"|"$/g, ''), program + ending);
      if (runnable(file, platform)) return file;
    }
  }
  return null;
}

/** The version in `caddy version` output: "v2.6.2 h1:…" from caddyserver.com, "2.6.2" from Debian. */
export function caddyVersionOf(output: string): string | null {
  return /(?:^|\s)v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)(?=\s|$)/.exec(output)?.[1] ?? null;
}

function installAdvice(platform: NodeJS.Platform): string {
  if (platform === 'win32')
    return `Unduh caddy.exe dari ${DOWNLOAD} (Windows amd64), simpan misalnya di C:\\ukt\\caddy.exe, lalu isi UKT_CADDY=C:\\ukt\\caddy.exe.`;
  if (platform === 'darwin')
    return `Unduh Caddy dari ${DOWNLOAD} (darwin arm64 untuk Mac M1 ke atas, amd64 untuk Mac Intel), simpan misalnya di ~/ukt/caddy, jalankan \`chmod +x ~/ukt/caddy\`, lalu isi UKT_CADDY=~/ukt/caddy dengan letak lengkapnya.`;
  return `Pasang dengan \`sudo apt install caddy\` (Debian/Ubuntu), atau unduh dari ${DOWNLOAD} dan isi UKT_CADDY dengan letak berkasnya.`;
}

// The app's own folder moved down to config/ (ukt.env sits there too); the launcher and the checks import it from here.
export { appFolder } from '../../config/app-folder';

/** Where Caddy was looked for: UKT_CADDY when set, else beside the app, else the PATH. */
export interface CaddyPlace {
  /** UKT_CADDY, as set. */
  program: string | undefined;
  /** The app's folder, where a downloaded caddy (caddy.exe) may be kept. */
  beside?: string;
  pathVariable: string;
  platform: NodeJS.Platform;
}

/** The Caddy program to run: UKT_CADDY (or --caddy) as given, else beside the app, else on the PATH; null when none. */
export function locateCaddy(place: CaddyPlace): string | null {
  const { program, platform } = place;
  return program
    ? resolve(program)
    : findOnPath(
        'caddy',
        [place.beside ?? '', place.pathVariable].join(platform === 'win32' ? ';' : delimiter),
        platform,
      );
}

/** Caddy found and `caddy version` at least MIN_CADDY_VERSION. */
export async function checkCaddy(place: CaddyPlace, probes: Probes): Promise<Check> {
  const id = 'caddy';
  const judul = `Caddy ${MIN_CADDY_VERSION.replace(/\.0$/, '')} atau lebih baru`;
  const { program, platform } = place;
  const file = locateCaddy(place);
  if (program && file && !runnable(file, platform)) {
    return failed(
      id,
      judul,
      `UKT_CADDY menunjuk ke ${file}, tetapi di sana tidak ada program yang bisa dijalankan.`,
      `Periksa letak berkasnya dan isi UKT_CADDY dengan letak yang benar. ${installAdvice(platform)}`,
    );
  }
  if (!file)
    return failed(
      id,
      judul,
      'Caddy tidak ditemukan: tidak ada di folder aplikasi maupun di PATH, dan UKT_CADDY tidak diisi.',
      installAdvice(platform),
    );
  let output: string;
  try {
    output = await probes.caddyVersion(file);
  } catch (error) {
    return failed(
      id,
      judul,
      `Caddy di ${file} tidak dapat dijalankan${codeOf(error) ? ` (${codeOf(error)})` : ''}.`,
      platform === 'darwin'
        ? `Izinkan program itu di System Settings → Privacy & Security, atau unduh ulang. ${installAdvice(platform)}`
        : `Unduh ulang programnya. ${installAdvice(platform)}`,
    );
  }
  const version = caddyVersionOf(output);
  if (!version) {
    return warned(
      id,
      judul,
      `Versi Caddy di ${file} tidak terbaca: "${output.trim().split('\n')[0]}".`,
      `Pastikan itu Caddy ${MIN_CADDY_VERSION.replace(/\.0$/, '')} atau lebih baru (\`caddy version\`).`,
    );
  }
  if (semver.valid(version) === null || semver.lt(version, MIN_CADDY_VERSION)) {
    return failed(
      id,
      judul,
      `Caddy di ${file} versi ${version}, terlalu lama: perlu ${MIN_CADDY_VERSION.replace(/\.0$/, '')} atau lebih baru.`,
      `Pasang Caddy yang lebih baru dari ${DOWNLOAD} dan isi UKT_CADDY dengan letak berkasnya.`,
    );
  }
  return passed(id, judul, `Caddy ${version} di ${file}.`);
}
