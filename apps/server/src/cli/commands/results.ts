import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { badRequest } from '../../lib/errors';
import { exportResults, resultsFormatOf } from '../../modules/results/results.service';
import { type Command, positive } from '../command';

/** Why `out` could not be written, in the committee's words, or undefined for another failure. */
function writeProblem(error: NodeJS.ErrnoException, out: string) {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR')
    return badRequest(
      `Folder ${dirname(out)} tidak ada: buat dulu foldernya atau pilih folder lain untuk --out.`,
    );
  if (error.code === 'EACCES' || error.code === 'EPERM' || error.code === 'EROFS')
    return badRequest(`${out} tidak boleh ditulisi: pilih folder lain untuk --out.`);
  if (error.code === 'EISDIR')
    return badRequest(`${out} adalah folder: tulis nama berkasnya, misalnya rekap.xlsx.`);
  if (error.code === 'ENOSPC')
    return badRequest(`Disk ${dirname(out)} penuh: kosongkan ruang atau pilih disk lain untuk --out.`);
  return undefined;
}

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
      await writeFile(out, bytes).catch((error: NodeJS.ErrnoException) => {
        throw writeProblem(error, out) ?? error;
      });
      io.out(`${count} peserta ditulis ke ${out}`);
      return 0;
    },
  },
];
