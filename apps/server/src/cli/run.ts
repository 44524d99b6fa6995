import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import { openDb } from '../db/connect';
import type { Database } from '../db/types';
import { createWriter } from '../db/writer';
import '../lib/zod-locale';
import { systemClock } from '../lib/clock';
import { readCommandLine, valueFlagsOf } from '../lib/command-line';
import { AppError, badRequest } from '../lib/errors';
import { backupBeforeMigrate } from '../modules/backup/backup-source';
import type { CliIo, Command, OwnDatabaseCommand } from './command';
import { backupCommands } from './commands/backup';
import { documentCommands } from './commands/documents';
import { importCommands } from './commands/import';
import { loginCommands } from './commands/login';
import { mulaiCommands } from './commands/mulai';
import { preflightCommands } from './commands/preflight';
import { resultsCommands } from './commands/results';
import { settingsCommands } from './commands/settings';
import { whatsappCommands } from './commands/whatsapp';

export type { CliIo } from './command';

/** Every `ukt` command, in the order the help lists them (DESIGN §6); each group is a file of commands/. */
const ALL_COMMANDS: (Command | OwnDatabaseCommand)[] = [
  ...mulaiCommands,
  ...importCommands,
  ...loginCommands,
  ...resultsCommands,
  ...documentCommands,
  ...backupCommands,
  ...preflightCommands,
  ...settingsCommands,
  ...whatsappCommands,
];

const usageOf = (c: Command | OwnDatabaseCommand) => [c.name, c.arg, c.flags].filter(Boolean).join(' ');
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
const FLAGS = new Set(ALL_COMMANDS.flatMap((c) => valueFlagsOf(c.flags ?? '')));
/** Flags that stand alone, without a value. */
const SWITCHES = new Set(['force', 'selagi-server-jalan']);

/** Runs one `ukt` command against the configured database; answers the exit code. */
export async function runCli(args: string[], config: Config, io: CliIo): Promise<number> {
  const { positionals, flag, flags } = readCommandLine(args, {
    values: FLAGS,
    switches: SWITCHES,
    strict: false,
  });
  const [first] = positionals;
  if (!first || first === 'help' || first === '--help') {
    io.out(USAGE);
    return first ? 0 : 1;
  }
  // A database left outside DATA_DIR by an older release (docs/decisions/157).
  if (config.databaseNote) io.err(config.databaseNote);
  let db: Kysely<Database> | undefined;
  try {
    const { command, arg } = commandOf(positionals, args);
    const common = {
      config,
      now: new Date(),
      io,
      arg: command.arg === 'FILE' ? resolve(config.invocationDir, arg) : arg,
      words: positionals.slice(command.name.split(' ').length),
      flag,
      flags,
    };
    if ('ownDatabase' in command) return await command.run(common);
    const opened = await openDb(config.databaseUrl, {
      // A copy of the data before this version changes its tables (docs/decisions/096).
      beforeMigrate: backupBeforeMigrate(config, { clock: systemClock, say: io.err }),
    });
    db = opened.db;
    return await command.run({ ...common, db, writer: createWriter(db, opened.dialect) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await db?.destroy();
  }
}
