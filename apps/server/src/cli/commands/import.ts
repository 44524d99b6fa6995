import { buildApp } from '../../app';
import type { ImportReport, ImportTarget } from '../../modules/imports/import-target';
import { applyImport, importColumns } from '../../modules/imports/imports.service';
import { importPending, type PendingReport, readPendingFile } from '../../modules/imports/pending.service';
import { fileSource } from '../../modules/imports/read-table';
import { type Command, type Invocation, positive } from '../command';

const describeReport = (r: ImportReport) =>
  `Impor selesai: ${r.baru} baru, ${r.diperbarui} diperbarui, ${r.tetap} tidak berubah.`;

const describePending = (r: PendingReport) =>
  [
    `Nilai tertunda: ${r.terkirim} tersimpan, ${r.sudahAda} sudah ada sebelumnya, ${r.ditolak.length} ditolak.`,
    ...r.ditolak.map((d) => `  ditolak: ${d.label}: ${d.message}`),
  ].join('\n');

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
      const { config, db, writer, now, io, arg } = invocation;
      const report = await applyImport(
        db,
        writer,
        config.orgId,
        target(invocation),
        fileSource(arg),
        now.toISOString(),
      );
      io.out(describeReport(report));
      return 0;
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
    '--event ID',
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
