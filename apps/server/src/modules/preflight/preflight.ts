import type { BackupDirPlaces } from '../../config/backup-dir';
import { checkBackupFolder } from './backup-folder-check';
import { type CaddyPlace, checkCaddy } from './caddy-check';
import { type CertificateFiles, checkCertificate, requiredUntil } from './certificate-check';
import type { Check } from './check';
import { checkClock } from './clock-check';
import { checkDisk } from './disk-check';
import type { LauncherLock } from './launcher-lock';
import { checkName } from './name-check';
import { checkPorts } from './ports-check';
import { type Probes, realProbes } from './probes';
import { checkPublicUrl } from './public-url-check';

// The venue laptop's pre-flight check (docs/decisions/131): everything that makes phones fail on
// an exam morning and can be seen before the app starts. `ukt periksa` prints it; the venue
// launcher runs it before starting Caddy and the app.

/** What the laptop is about to run, as the settings say. */
export interface PreflightInput extends BackupDirPlaces {
  /** The name phones open, e.g. ukt.lan. */
  name: string;
  /** Caddy's http and https ports (UKT_HTTP_PORT, UKT_HTTPS_PORT). */
  httpPort: number;
  httpsPort: number;
  /** Count this machine's loopback addresses as its own (a trial on the laptop alone); *.localhost always does. */
  loopback?: boolean;
  caddy: Omit<CaddyPlace, 'platform'>;
  /** A domain certificate for Caddy; undefined with Caddy's own CA. */
  certificate?: CertificateFiles;
  /** The last day of the events to come: null when none, undefined when the database was not read. */
  lastEventDay?: string | null;
  publicUrl: string;
  minFreeDiskBytes: number;
  platform?: NodeJS.Platform;
  /** Asked by the venue launcher, which starts its own Caddy: a port held by any Caddy fails. */
  launcher?: boolean;
  /** The venue already running on this data folder (launcher-lock.ts), whose Caddy is no stranger. */
  running?: LauncherLock | null;
}

/** The name in what was typed: "https://UKT.lan/" and "ukt.lan" are both ukt.lan. */
export function nameOf(typed: string): string {
  const text = typed.trim();
  const host = text.includes('://') ? new URL(text).hostname : text.replace(/[/:].*$/, '');
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Every check, in the order a volunteer fixes them: ports, name, Caddy, certificate, clock, disks, backups, PUBLIC_URL. */
export async function runChecks(input: PreflightInput, probes: Probes = realProbes): Promise<Check[]> {
  const platform = input.platform ?? process.platform;
  const now = probes.now();
  const ports = [...new Set([input.httpPort, input.httpsPort])];
  const [portChecks, name, caddy] = await Promise.all([
    checkPorts(ports, probes, platform, { launcher: input.launcher, running: input.running }),
    checkName(input.name, input.loopback ?? false, probes),
    checkCaddy({ ...input.caddy, platform }, probes),
  ]);
  return [
    ...portChecks,
    name,
    caddy,
    ...(input.certificate
      ? [checkCertificate(input.certificate, input.name, requiredUntil(input.lastEventDay, now), now)]
      : []),
    checkClock(now),
    checkDisk(
      { id: 'disk-data', label: 'data (DATA_DIR)', path: input.dataDir },
      input.minFreeDiskBytes,
      probes,
    ),
    checkDisk(
      { id: 'disk-cadangan', label: 'cadangan (BACKUP_DIR)', path: input.backupDir },
      input.minFreeDiskBytes,
      probes,
    ),
    checkBackupFolder(input),
    checkPublicUrl(input.publicUrl, input.name, input.httpsPort),
  ];
}
