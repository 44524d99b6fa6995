import { sendWaTest } from '../../modules/whatsapp/wa-test.service';
import type { OwnDatabaseCommand } from '../command';

/** `ukt wa test NO_WA`: one message through the configured gateway, and why it was not taken. */
export const whatsappCommands: OwnDatabaseCommand[] = [
  {
    name: 'wa test',
    ownDatabase: true,
    arg: 'NO_WA',
    help: 'kirim satu pesan uji lewat gateway WhatsApp dan katakan apakah gateway menerimanya',
    // Needs no database: it tries the gateway settings alone (docs/whatsapp.md).
    async run({ config, io, arg }) {
      const { ok, lines } = await sendWaTest(config, arg);
      for (const line of lines) (ok ? io.out : io.err)(line);
      return ok ? 0 : 1;
    },
  },
];
