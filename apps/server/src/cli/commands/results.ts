import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { badRequest } from '../../lib/errors';
import { exportResults, resultsFormatOf } from '../../modules/results/results.service';
import { type Command, positive } from '../command';

/** `ukt export results`: an event's recap as the console downloads it. */
export const resultsCommands: Command[] = [
  {
    name: 'export results',
    flags: '--event ID --out FILE',
    help: 'rekap nilai peserta (.xlsx, .csv atau .pdf; DRAF sampai disahkan)',
    async run({ config, db, io, flag }) {
      const outArg = flag('out');
      if (!outArg) throw badRequest('--out FILE wajib diisi');
      const out = resolve(config.invocationDir, outArg);
      const idUkt = positive(flag('event'), '--event');
      const { bytes, count } = await exportResults(db, config.orgId, idUkt, resultsFormatOf(out), {
        zona: config.zonaWaktu,
      });
      await writeFile(out, bytes);
      io.out(`${count} peserta ditulis ke ${out}`);
      return 0;
    },
  },
];
