import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import type { Database } from '../db/types';
import type { Writer } from '../db/writer';
import { badRequest } from '../lib/errors';

/** Where the CLI writes. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What a command runs with: the migrated database, its argument and flags, where to print. */
export interface Invocation {
  config: Config;
  db: Kysely<Database>;
  writer: Writer;
  now: Date;
  io: CliIo;
  /** The argument after the command's name; a FILE is resolved against the directory npm ran in. */
  arg: string;
  /** Every word after the command's name (atur's NAMA=NILAI …). */
  words: string[];
  /** A flag's value (the last one when it was given more than once). */
  flag: (name: string) => string | undefined;
  /** Every value of a flag that may be given more than once (`--admin A --admin B`). */
  flags: (name: string) => string[];
}

/** One `ukt` command: how it is typed, its line of help, and what it does (answers the exit code). */
export interface Command {
  name: string;
  arg?: 'FILE' | 'NO_WA';
  flags?: string;
  help: string;
  run: (invocation: Invocation) => Promise<number>;
}

/**
 * A command that opens the database itself, or needs none: a restore must find it as it is,
 * unmigrated; a backup never migrates it; `periksa`, `wa test` and `atur` run before one exists.
 */
export interface OwnDatabaseCommand extends Omit<Command, 'run' | 'ownDatabase'> {
  ownDatabase: true;
  run: (invocation: Omit<Invocation, 'db' | 'writer'>) => Promise<number>;
}

/** A flag's value as a whole number from 1, or a 400 naming the flag. */
export function positive(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1)
    throw badRequest(`${flag} wajib diisi dengan angka (lihat bantuan: npm run ukt -- help)`);
  return n;
}
