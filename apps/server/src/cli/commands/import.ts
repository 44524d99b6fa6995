import { kalimatKolomTetap } from '@ukt/core';
import { buildApp } from '../../app';
import { badRequest } from '../../lib/errors';
import { importColumns } from '../../modules/imports/import-columns';
import { ScoredUnconfirmed } from '../../modules/imports/import-issues';
import type { ImportResult, ImportTarget } from '../../modules/imports/import-target';
import { applyImport } from '../../modules/imports/imports.service';
import { importPending, type PendingReport, readPendingFile } from '../../modules/imports/pending.service';
import { fileSource } from '../../modules/imports/read-table';
import { type Command, type Invocation, positive } from '../command';

/** The report of an import, and the columns the file did not carry whose stored values stayed. */
const describeReport = (r: ImportResult) =>
  [
    `Impor selesai: ${r.baru} baru, ${r.diperbarui} diperbarui, ${r.tetap} tidak berubah.`,
    kalimatKolomTetap(r.kept.map((c) => c.label)),
  ]
    .filter(Boolean)
    .join('\n');

const describePending = (r: PendingReport) =>
  [
    `Nilai tertunda: ${r.terkirim} tersimpan, ${r.sudahAda} sudah ada sebelumnya, ${r.ditolak.length} ditolak.`,
    ...r.ditolak.map((d) => `  ditolak: ${d.label}: ${d.message}`),
  ].join('\n');

/**
 * `--yakin-dinilai N`: the committee confirms changing the name or region of N participants who were
 * already examined (docs/decisions/149); without it such a file is held, as in the console.
 */
function scoredConfirmedOf(flag: Invocation['flag']): number {
  const value = flag('yakin-dinilai');
  return value === undefined ? 0 : positive(value, '--yakin-dinilai');
}

/** The console's refusal of an unconfirmed change to examined participants, in the command line's words. */
function heldForScored(error: ScoredUnconfirmed): Error {
  const sorted = [...error.nos].sort((a, b) => a - b);
  const listed =
    sorted.slice(0, 10).join(', ') + (sorted.length > 10 ? ` dan ${sorted.length - 10} lainnya` : '');
  return badRequest(
    `Impor ditahan, tidak ada yang disimpan: berkas ini mengubah nama atau wilayah ${error.nos.length} peserta yang sudah dinilai (nomor ${listed}). Periksa perubahannya di pratinjau konsol (Impor), atau bila memang benar, jalankan lagi dengan --yakin-dinilai ${error.nos.length}.`,
  );
}

/** `import <word> FILE`: a committee file of one kind, all-or-nothing. */
function importCommand(
  word: string,
  kind: ImportTarget['kind'],
  target: (invocation: Invocation) => ImportTarget,
  flags?: string,
): Command {
  return {
    name: `import ${word}`,
    arg: 'FILE',
    flags,
    help: `kolom ${importColumns(kind).join(',')}`,
    async run(invocation) {
      const { config, db, writer, now, io, arg, flag } = invocation;
      try {
        const report = await applyImport(
          db,
          writer,
          config.orgId,
          target(invocation),
          fileSource(arg),
          now.toISOString(),
          0,
          { scoredConfirmed: scoredConfirmedOf(flag) },
        );
        io.out(describeReport(report));
        return 0;
      } catch (error) {
        throw error instanceof ScoredUnconfirmed ? heldForScored(error) : error;
      }
    },
  };
}

/** `ukt import …`: the committee's files, and the scores a phone exported. */
export const importCommands: Command[] = [
  importCommand('events', 'kegiatan', () => ({ kind: 'kegiatan' })),
  importCommand('examiners', 'penguji', () => ({ kind: 'penguji' })),
  importCommand(
    'participants',
    'siswa',
    ({ flag }) => ({ kind: 'siswa', idUkt: positive(flag('event'), '--event') }),
    '--event ID [--yakin-dinilai N]',
  ),
  importCommand(
    'questions',
    'soal',
    ({ flag }) => ({ kind: 'soal', idTingkat: positive(flag('tingkat'), '--tingkat') }),
    '--tingkat N',
  ),
  {
    name: 'import pending',
    arg: 'FILE',
    help: 'nilai tertunda yang diekspor dari HP penguji (.json)',
    // Replays an exported outbox through the API itself, so every rule applies as for the phone.
    async run({ config, arg, io }) {
      const items = await readPendingFile(arg);
      const app = await buildApp({ ...config, logLevel: 'warn', demo: false });
      try {
        const report = await importPending(app, items);
        io.out(describePending(report));
        return report.ditolak.length ? 1 : 0;
      } finally {
        await app.close();
      }
    },
  },
];
