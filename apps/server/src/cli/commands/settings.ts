import { changeSettings, listSettings } from '../../config/settings-edit';
import type { OwnDatabaseCommand } from '../command';

/** `ukt atur`: the settings file ukt.env, read by the server, the launcher and every command (docs/decisions/130). */
export const settingsCommands: OwnDatabaseCommand[] = [
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
