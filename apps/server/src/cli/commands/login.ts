import { Tingkat } from '@ukt/core';
import { databaseSecret } from '../../db/database-secret';
import { badRequest } from '../../lib/errors';
import { loginLinkByNoWa } from '../../modules/auth/login-link.service';
import type { Command } from '../command';

/** `ukt link NO_WA`: an examiner's one-time login link, to pass on by hand. */
export const loginCommands: Command[] = [
  {
    name: 'link',
    arg: 'NO_WA',
    flags: '[--sabuk N]',
    help: 'tautan login sekali pakai (24 jam)',
    async run({ config, db, now, io, arg, flag }) {
      const sabukArg = flag('sabuk');
      const sabuk = sabukArg === undefined ? undefined : Tingkat.safeParse(sabukArg);
      if (sabuk && !sabuk.success) throw badRequest('--sabuk harus 1 sampai 5');
      const secret = await databaseSecret(db, config.secret, config.dataDir, now.getTime());
      const deps = { db, secret, orgId: config.orgId, publicUrl: config.publicUrl, now: now.getTime() };
      io.out(await loginLinkByNoWa(deps, arg, sabuk?.data));
      return 0;
    },
  },
];
