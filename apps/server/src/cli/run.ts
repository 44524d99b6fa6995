import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config/env';
import { resolveSecret } from '../config/secret';
import { openDb } from '../db/connect';
import '../lib/zod-locale';
import { buildApp } from '../app';
import { ensureOrganisasi } from '../modules/organisasi/organisasi.repository';
import { exportResults } from './export-results';
import { importPending, type PendingReport, readPendingFile } from './import-pending';
import type { ImportReport } from './import-rows';
import { importEvents, importExaminers, importParticipants, importQuestions } from './imports';
import { makeLink } from './link';
import { ImportError } from './read-table';

/** Where the CLI writes. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The help text of `npm run ukt`. */
export const USAGE = `Pemakaian: npm run ukt -- <perintah>
  import events FILE                    kolom id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat
  import examiners FILE                 kolom no_wa,nama,perwapus,cabang,panitia,dewan
  import participants FILE --event ID   kolom no_urut,nama,perwapus,cabang,ranting,rayon,provinsi
  import questions FILE --tingkat N     kolom no,soal_tanya,a,b,c,d,jawaban_benar
  import pending FILE                   nilai tertunda yang diekspor dari HP penguji (.json)
  link NO_WA [--sabuk N]                tautan login sekali pakai (24 jam)
  export results --event ID --out FILE  nilai semua peserta (.csv atau .xlsx)
FILE berakhiran .csv atau .xlsx.`;

function positive(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1)
    throw new ImportError(`${flag} wajib diisi dengan angka (lihat bantuan: npm run ukt -- help)`);
  return n;
}

const describePending = (r: PendingReport) =>
  [
    `Nilai tertunda: ${r.terkirim} tersimpan, ${r.sudahAda} sudah ada sebelumnya, ${r.ditolak.length} ditolak.`,
    ...r.ditolak.map((d) => `  ditolak: ${d.label}: ${d.message}`),
  ].join('\n');

/** Replays an exported outbox through the API itself, so every rule applies as for the phone. */
async function runImportPending(config: Config, file: string, io: CliIo): Promise<number> {
  const items = await readPendingFile(file);
  const app = await buildApp({ ...config, logLevel: 'warn', demo: false });
  try {
    const report = await importPending(app, items);
    io.out(describePending(report));
    return report.ditolak.length ? 1 : 0;
  } finally {
    await app.close();
  }
}

const describeReport = (r: ImportReport) =>
  `Impor selesai: ${r.baru} baru, ${r.diperbarui} diperbarui, ${r.tetap} tidak berubah.`;

/** Runs one `ukt` command against the configured database; answers the exit code. */
export async function runCli(args: string[], config: Config, io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: {
      event: { type: 'string' },
      tingkat: { type: 'string' },
      sabuk: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const [command, what, fileArg] = positionals;
  const file = fileArg === undefined ? undefined : resolve(config.invocationDir, fileArg);
  if (!command || command === 'help' || command === '--help') {
    io.out(USAGE);
    return command ? 0 : 1;
  }
  const { db } = await openDb(config.databaseUrl);
  const now = new Date();
  try {
    await ensureOrganisasi(db, config.orgId, 'Perguruan Pencak Silat', now.toISOString());
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    if (command === 'import' && what === 'pending' && file) return await runImportPending(config, file, io);
    if (command === 'import' && file) {
      if (what === 'events') io.out(describeReport(await importEvents(db, config.orgId, file)));
      else if (what === 'examiners')
        io.out(describeReport(await importExaminers(db, config.orgId, file, now.toISOString())));
      else if (what === 'participants')
        io.out(
          describeReport(
            await importParticipants(db, config.orgId, file, positive(str(values.event), '--event')),
          ),
        );
      else if (what === 'questions')
        io.out(
          describeReport(
            await importQuestions(db, config.orgId, file, positive(str(values.tingkat), '--tingkat')),
          ),
        );
      else throw new ImportError(`Tidak tahu cara mengimpor "${what}".\n${USAGE}`);
      return 0;
    }
    if (command === 'link' && what) {
      const secret = resolveSecret(config.secret, config.dataDir);
      const deps = { db, secret, orgId: config.orgId, publicUrl: config.publicUrl, now: now.getTime() };
      io.out(await makeLink(deps, what, str(values.sabuk)));
      return 0;
    }
    if (command === 'export' && what === 'results') {
      const outArg = str(values.out);
      if (!outArg) throw new ImportError('--out FILE wajib diisi');
      const out = resolve(config.invocationDir, outArg);
      const count = await exportResults(db, config.orgId, positive(str(values.event), '--event'), out);
      io.out(`${count} peserta ditulis ke ${out}`);
      return 0;
    }
    throw new ImportError(`Perintah tidak dikenal: ${args.join(' ')}\n${USAGE}`);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}
