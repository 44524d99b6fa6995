import { changeSettings, listSettings } from '../../config/settings-edit';
import { loadVenueEnv } from '../../config/venue-env';
import { describeChecks, periksaVenue } from '../../modules/venue/periksa.service';
import type { OwnDatabaseCommand } from '../command';

/** `ukt periksa` and `ukt atur`: the venue laptop's check and its settings file. */
export const venueCommands: OwnDatabaseCommand[] = [
  {
    name: 'periksa',
    ownDatabase: true,
    flags: '[NAMA] [--sertifikat FILE --kunci FILE]',
    help: 'periksa laptop venue sebelum mulai: port, nama, Caddy, sertifikat, jam, disk, cadangan; di mesin yang bergabung pada PostgreSQL juga kunci, penyimpanan rekaman dan jam database',
    // Runs before any database exists: the events' dates are read only if one can be opened.
    async run({ config, io, arg, flag }) {
      const options = { name: arg, certificate: flag('sertifikat'), key: flag('kunci') };
      const { name, checks } = await periksaVenue(config, loadVenueEnv(), options);
      for (const line of describeChecks(checks, name)) io.out(line);
      return checks.some((c) => c.ok === false) ? 1 : 0;
    },
  },
  {
    name: 'atur',
    ownDatabase: true,
    flags: '[NAMA=NILAI …]',
    help: 'tampilkan atau ubah berkas pengaturan ukt.env (NAMA= menghapus), dipakai server dan semua perintah',
    // Needs no database: it may be the first thing typed on a new laptop (docs/decisions/130).
    async run({ io, words }) {
      for (const line of words.length ? changeSettings(words) : listSettings()) io.out(line);
      return 0;
    },
  },
];
