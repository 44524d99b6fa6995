import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Tingkat } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import { resolveSecret } from '../config/secret';
import { changeSettings, listSettings } from '../config/settings-edit';
import { loadVenueEnv } from '../config/venue-env';
import { connectDb, openDb } from '../db/connect';
import { dialectName } from '../db/dialect';
import type { Database } from '../db/types';
import { createWriter, type Writer } from '../db/writer';
import '../lib/zod-locale';
import { buildApp } from '../app';
import { systemClock } from '../lib/clock';
import { AppError, badRequest } from '../lib/errors';
import { loginLinkByNoWa } from '../modules/auth/login-link.service';
import { type BackupManifest, createBackup } from '../modules/backup/backup.service';
import { backupBeforeMigrate, configBackupSource } from '../modules/backup/backup-source';
import { restoreBackup } from '../modules/backup/restore.service';
import {
  beritaAcara,
  type DocumentDeps,
  type DocumentFile,
  kartuLogin,
  kartuPeserta,
  piagam,
} from '../modules/documents/documents.service';
import type { ImportReport, ImportTarget } from '../modules/imports/import-target';
import { applyImport, importColumns } from '../modules/imports/imports.service';
import { importPending, type PendingReport, readPendingFile } from '../modules/imports/pending.service';
import { fileSource } from '../modules/imports/read-table';
import { exportResults, resultsFormatOf } from '../modules/results/results.service';
import { describeChecks, periksaVenue } from '../modules/venue/periksa.service';
import { sendWaTest } from '../modules/whatsapp/wa-test.service';
import { passphraseOf } from './backup-options';

const describeCounts = (m: BackupManifest) =>
  `Isi: ${Object.entries(m.counts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}; ${m.files} berkas data.`;

const describeBackup = (file: string, bytes: number, m: BackupManifest) =>
  [
    `Cadangan ditulis ke ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB${m.encrypted ? ', dilindungi kata sandi' : ''}).`,
    describeCounts(m),
  ].join('\n');

/** Where the CLI writes. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What a command runs with: the migrated database, its argument and flags, where to print. */
interface Invocation {
  config: Config;
  db: Kysely<Database>;
  writer: Writer;
  now: Date;
  io: CliIo;
  /** The argument after the command's name; a FILE is resolved against the directory npm ran in. */
  arg: string;
  /** Every word after the command's name (atur's NAMA=NILAI …). */
  words: string[];
  flag: (name: string) => string | undefined;
}

/** One `ukt` command: how it is typed, its line of help, and what it does (answers the exit code). */
interface Command {
  name: string;
  arg?: 'FILE' | 'NO_WA';
  flags?: string;
  help: string;
  run: (invocation: Invocation) => Promise<number>;
}

/** A command that opens the database itself (a restore must find it as it is, unmigrated). */
interface OwnDatabaseCommand extends Omit<Command, 'run'> {
  run: (invocation: Omit<Invocation, 'db' | 'writer'>) => Promise<number>;
}

function positive(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1)
    throw badRequest(`${flag} wajib diisi dengan angka (lihat bantuan: npm run ukt -- help)`);
  return n;
}

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

/** A document command (DESIGN §11): makes the PDF with the console's service and writes it to --out or its own name. */
function documentCommand(
  name: string,
  flags: string,
  help: string,
  what: string,
  make: (deps: DocumentDeps, invocation: Invocation) => Promise<DocumentFile>,
): Command {
  return {
    name,
    flags: `${flags} [--out FILE]`.trim(),
    help,
    async run(invocation) {
      const { config, db, writer, now, io, flag } = invocation;
      const secret = resolveSecret(config.secret, config.dataDir);
      const deps = {
        db,
        writer,
        secret,
        orgId: config.orgId,
        publicUrl: config.publicUrl,
        dataDir: config.dataDir,
        now,
        zona: config.zonaWaktu,
      };
      const file = await make(deps, invocation);
      const out = resolve(config.invocationDir, flag('out') ?? file.fileName);
      await writeFile(out, file.bytes);
      io.out(`${file.count} ${what} ditulis ke ${out}`);
      return 0;
    },
  };
}

/** Every `ukt` command, in the order the help lists them (DESIGN §6). */
const COMMANDS: Command[] = [
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
  {
    name: 'link',
    arg: 'NO_WA',
    flags: '[--sabuk N]',
    help: 'tautan login sekali pakai (24 jam)',
    async run({ config, db, now, io, arg, flag }) {
      const sabukArg = flag('sabuk');
      const sabuk = sabukArg === undefined ? undefined : Tingkat.safeParse(sabukArg);
      if (sabuk && !sabuk.success) throw badRequest('--sabuk harus 1 sampai 5');
      const secret = resolveSecret(config.secret, config.dataDir);
      const deps = { db, secret, orgId: config.orgId, publicUrl: config.publicUrl, now: now.getTime() };
      io.out(await loginLinkByNoWa(deps, arg, sabuk?.data));
      return 0;
    },
  },
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
  documentCommand(
    'cards',
    '--event ID [--ranting ID]',
    'PDF kartu peserta, 8 per halaman A4 (satu ranting dengan --ranting)',
    'kartu peserta',
    (deps, { flag }) => {
      const ranting = flag('ranting');
      return kartuPeserta(
        deps,
        positive(flag('event'), '--event'),
        ranting === undefined ? undefined : positive(ranting, '--ranting'),
      );
    },
  ),
  documentCommand(
    'login-cards',
    '[--cari TEXT]',
    'PDF kartu login penguji aktif (tautan baru sekali pakai, 24 jam)',
    'kartu login',
    (deps, { flag }) => kartuLogin(deps, flag('cari') ?? ''),
  ),
  documentCommand(
    'certificates',
    '--event ID',
    'PDF piagam peserta Lulus (DRAF tanpa nomor sampai disahkan)',
    'piagam',
    (deps, { flag }) => piagam(deps, positive(flag('event'), '--event')),
  ),
  documentCommand(
    'minutes',
    '--event ID',
    'PDF berita acara kegiatan (DRAF sampai disahkan)',
    'peserta dalam berita acara',
    (deps, { flag }) => beritaAcara(deps, positive(flag('event'), '--event')),
  ),
];

const BACKUP_COMMANDS: OwnDatabaseCommand[] = [
  {
    name: 'backup',
    flags: '[--out FILE] [--passphrase-env NAME]',
    help: 'cadangan database + DATA_DIR dalam satu arsip, aman saat server berjalan',
    async run({ config, io, flag }) {
      const out = flag('out');
      const passphrase = passphraseOf(config, flag('passphrase-env'));
      // The database as it is: a backup never migrates it (an older server may still run on it).
      const { db } = connectDb(config.databaseUrl);
      try {
        const result = await createBackup(configBackupSource(config, db, { clock: systemClock }), {
          out: out ? resolve(config.invocationDir, out) : undefined,
          passphrase,
          reason: 'manual',
        });
        io.out(describeBackup(result.file, result.bytes, result.manifest));
        if (result.note) io.out(result.note);
        return 0;
      } finally {
        await db.destroy();
      }
    },
  },
  {
    name: 'restore',
    arg: 'FILE',
    flags: '[--force] [--selagi-server-jalan] [--passphrase-env NAME]',
    help: 'pulihkan cadangan ke database dan DATA_DIR yang kosong, dengan server berhenti (--force: timpa isinya)',
    async run({ config, io, arg, flag }) {
      const { manifest, notes } = await restoreBackup(
        {
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          backupDir: config.backup.dir,
          caddyDataDir: config.caddyDataDir,
        },
        arg,
        {
          force: flag('force') !== undefined,
          whileServerRuns: flag('selagi-server-jalan') !== undefined,
          passphrase: passphraseOf(config, flag('passphrase-env')),
        },
      );
      io.out(
        `Dipulihkan dari ${arg} (dibuat ${manifest.created_at}, ${manifest.dialect}, versi ${manifest.app_version}, migrasi ${manifest.migration}).`,
      );
      io.out(describeCounts(manifest));
      io.out(`Tujuan: database ${dialectName(config.databaseUrl)}, folder data ${config.dataDir}.`);
      for (const line of notes) io.out(line);
      return 0;
    },
  },
  {
    name: 'periksa',
    flags: '[NAMA] [--sertifikat FILE --kunci FILE]',
    help: 'periksa laptop venue sebelum mulai: port, nama, Caddy, sertifikat, jam, disk, cadangan',
    // Runs before any database exists: the events' dates are read only if one can be opened.
    async run({ config, io, arg, flag }) {
      const options = { name: arg, certificate: flag('sertifikat'), key: flag('kunci') };
      const { name, checks } = await periksaVenue(config, loadVenueEnv(), options);
      for (const line of describeChecks(checks, name)) io.out(line);
      return checks.some((c) => c.ok === false) ? 1 : 0;
    },
  },
  {
    name: 'wa test',
    arg: 'NO_WA',
    help: 'kirim satu pesan uji lewat gateway WhatsApp dan katakan apakah gateway menerimanya',
    // Needs no database: it tries the gateway settings alone (docs/whatsapp.md).
    async run({ config, io, arg }) {
      const { ok, lines } = await sendWaTest(config, arg);
      for (const line of lines) (ok ? io.out : io.err)(line);
      return ok ? 0 : 1;
    },
  },
  {
    name: 'atur',
    flags: '[NAMA=NILAI …]',
    help: 'tampilkan atau ubah berkas pengaturan ukt.env (NAMA= menghapus), dipakai server dan semua perintah',
    // Needs no database: it may be the first thing typed on a new laptop (docs/decisions/130).
    async run({ io, words }) {
      for (const line of words.length ? changeSettings(words) : listSettings()) io.out(line);
      return 0;
    },
  },
];

const usageOf = (c: Command | OwnDatabaseCommand) => [c.name, c.arg, c.flags].filter(Boolean).join(' ');
const ALL_COMMANDS: (Command | OwnDatabaseCommand)[] = [...COMMANDS, ...BACKUP_COMMANDS];
const USAGE_WIDTH = Math.max(...ALL_COMMANDS.map((c) => usageOf(c).length)) + 2;

/** The help text of `npm run ukt`, made from the commands. */
export const USAGE = [
  'Pemakaian: npm run ukt -- <perintah>',
  ...ALL_COMMANDS.map((c) => `  ${usageOf(c).padEnd(USAGE_WIDTH)}${c.help}`),
  'FILE impor berakhiran .csv atau .xlsx; FILE ekspor .xlsx, .csv atau .pdf.',
  'Cadangan dengan kata sandi: isi UKT_BACKUP_PASSPHRASE (minimal 8 karakter), atau --passphrase-env NAME',
  '  untuk kata sandi di variabel NAME; restore menolak arsip yang rusak atau kata sandi yang salah.',
].join('\n');

/** The command the words name, with its argument; or why there is none. */
function commandOf(
  positionals: string[],
  args: string[],
): { command: Command | OwnDatabaseCommand; arg: string } {
  for (const command of ALL_COMMANDS) {
    const words = command.name.split(' ');
    const arg = positionals[words.length];
    if (words.every((w, i) => positionals[i] === w) && (!command.arg || arg !== undefined))
      return { command, arg: arg ?? '' };
  }
  const [first, what, file] = positionals;
  if (first === 'import' && file !== undefined)
    throw badRequest(`Tidak tahu cara mengimpor "${what}".\n${USAGE}`);
  throw badRequest(`Perintah tidak dikenal: ${args.join(' ')}\n${USAGE}`);
}

/** The flags the commands take (`--event`, `--sabuk` …), each with a value. */
const FLAGS = new Set(
  ALL_COMMANDS.flatMap((c) =>
    [...(c.flags ?? '').matchAll(/--([\w-]+)(?= [A-Z])/g)].map((m) => m[1] as string),
  ),
);
/** Flags that stand alone, without a value. */
const SWITCHES = new Set(['force', 'selagi-server-jalan']);

/** Runs one `ukt` command against the configured database; answers the exit code. */
export async function runCli(args: string[], config: Config, io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: {
      ...Object.fromEntries([...FLAGS].map((name) => [name, { type: 'string' as const }])),
      ...Object.fromEntries([...SWITCHES].map((name) => [name, { type: 'boolean' as const }])),
    },
  });
  const [first] = positionals;
  if (!first || first === 'help' || first === '--help') {
    io.out(USAGE);
    return first ? 0 : 1;
  }
  let db: Kysely<Database> | undefined;
  try {
    const { command, arg } = commandOf(positionals, args);
    const common = {
      config,
      now: new Date(),
      io,
      arg: command.arg === 'FILE' ? resolve(config.invocationDir, arg) : arg,
      words: positionals.slice(command.name.split(' ').length),
      flag: (name: string) => {
        const value = values[name];
        if (value === true) return '';
        return typeof value === 'string' ? value : undefined;
      },
    };
    if (BACKUP_COMMANDS.includes(command as OwnDatabaseCommand)) {
      return await (command as OwnDatabaseCommand).run(common);
    }
    const opened = await openDb(config.databaseUrl, {
      // A copy of the data before this version changes its tables (docs/decisions/096).
      beforeMigrate: backupBeforeMigrate(config, { clock: systemClock, say: io.err }),
    });
    db = opened.db;
    return await (command as Command).run({ ...common, db, writer: createWriter(db, opened.dialect) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await db?.destroy();
  }
}
