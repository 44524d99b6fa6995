import { loadLauncherEnv } from '../../config/launcher-env';
import { describeChecks, runPreflight } from '../../modules/preflight/preflight.service';
import type { OwnDatabaseCommand } from '../command';

/** `ukt periksa`: the pre-flight check of this laptop (or machine) with its settings (docs/decisions/131). */
export const preflightCommands: OwnDatabaseCommand[] = [
  {
    name: 'periksa',
    ownDatabase: true,
    flags: '[NAMA] [--sertifikat FILE --kunci FILE]',
    help: 'periksa laptop venue sebelum mulai: port, nama, Caddy, sertifikat, jam, disk, cadangan; di mesin yang bergabung pada PostgreSQL juga kunci, penyimpanan rekaman dan jam database',
    // Runs before any database exists: the events' dates are read only if one can be opened.
    async run({ config, io, arg, flag }) {
      const options = { name: arg, certificate: flag('sertifikat'), key: flag('kunci') };
      const { name, checks } = await runPreflight(config, loadLauncherEnv(), options);
      for (const line of describeChecks(checks, name)) io.out(line);
      return checks.some((c) => c.ok === false) ? 1 : 0;
    },
  },
];
