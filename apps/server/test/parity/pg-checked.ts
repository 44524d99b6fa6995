import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { ROUTINES, routineHash } from '../../src/db/routines';
import { SRC_DIR } from '../support/paths';
import { skippedBanner } from '../support/postgres-skipped';
import { sourceText } from '../support/source-text';
import { TWINS } from './twins';

// A routine and its TypeScript twin last passed their parity rows on PostgreSQL as the texts whose
// hashes are in <routine>.pg-checked (committed). Only `npm run pg-checked -w apps/server` writes
// that record, after the parity files passed on PostgreSQL (record-pg-checked.ts). Without
// TEST_DATABASE_URL each parity file says so loudly and fails when either side is no longer the
// one recorded, naming the parts that changed and the command (docs/decisions/143, 169).

/** The command that runs the parity files on PostgreSQL and records what passed. */
export const PG_CHECKED_COMMAND =
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run pg-checked -w apps/server';

/** Where a routine's record is kept. */
export const recordPath = (name: string) => join(import.meta.dirname, `${name}.pg-checked`);

/** A routine by its function's name. */
function routineNamed(name: string) {
  const routine = ROUTINES.find((r) => r.name === name);
  if (!routine) throw new Error(`rutin ${name} tidak dikenal`);
  return routine;
}

/** The names a top-level statement declares (a function, a class, a type or its constants). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    );
  }
  const named =
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement);
  return named && statement.name ? [statement.name.text] : [];
}

/**
 * The code of top-level declarations of a file under src/, by name, comments, line breaks, indents
 * and trailing commas left out: a comment or a reformatting is not a change of the rule.
 */
export function declarationsCode(file: string, names: readonly string[], srcDir = SRC_DIR): string[] {
  const text = readFileSync(join(srcDir, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return names.map((name) => {
    const statement = source.statements.find((s) => declaredNames(s).includes(name));
    if (!statement) {
      throw new Error(`${file} tidak lagi punya ${name}: perbarui kembaran rutin di test/parity/twins.ts`);
    }
    return sourceText(statement.getText(source))
      .code.replace(/\s+/g, ' ')
      .replace(/ (?=\W)|(?<=\W) /g, '') // a space counts only between two words
      .replace(/,(?=[)\]}])/g, '') // nor does a trailing comma
      .trim();
  });
}

const hashOf = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/**
 * Each part of a routine and its twin as it is now in a source tree, by its label: the routine's
 * text (hashed as the server records it), then each declaration.
 */
export function currentParts(name: string, srcDir = SRC_DIR): Map<string, string> {
  const file = `modules/${routineNamed(name).file}`;
  const parts = new Map([[file, routineHash(readFileSync(join(srcDir, file), 'utf8'))]]);
  for (const part of TWINS[name] ?? []) {
    const codes = declarationsCode(part.file, part.names, srcDir);
    for (const [n, declaration] of part.names.entries()) {
      parts.set(`${part.file} ${declaration}`, hashOf(codes[n] as string));
    }
  }
  return parts;
}

/** The parts a record's text holds, by label. */
export function partsOfRecord(text: string): Map<string, string> {
  const lines = text.split('\n').map((line) => /^(sha256:[0-9a-f]+) {2}(.+)$/.exec(line));
  return new Map(lines.filter((m) => m !== null).map((m) => [m[2] as string, m[1] as string]));
}

/** The parts recorded by the last run on PostgreSQL (empty: never recorded). */
export function recordedParts(name: string): Map<string, string> {
  const file = recordPath(name);
  return existsSync(file) ? partsOfRecord(readFileSync(file, 'utf8')) : new Map();
}

/** What differs between recorded parts and parts now, one line per part (none: the same). */
export function partsChanged(recorded: Map<string, string>, now: Map<string, string>): string[] {
  const changed = [...now].flatMap(([label, hash]) => {
    const was = recorded.get(label);
    if (was === undefined) return [`baru      ${label}`];
    return was === hash ? [] : [`berubah   ${label}`];
  });
  const gone = [...recorded.keys()].filter((label) => !now.has(label)).map((label) => `hilang    ${label}`);
  return [...changed, ...gone];
}

/** What differs between a routine's record and the code now. */
export const changesSinceRecord = (name: string) => partsChanged(recordedParts(name), currentParts(name));

/** The text of a routine's record for parts as they are. */
export function recordText(name: string, parts: Map<string, string>): string {
  const lines = [...parts].map(([label, hash]) => `${hash}  ${label}`);
  return [
    `# ${name} dan kembarannya di TypeScript, sebagaimana terakhir lulus baris paritasnya di PostgreSQL.`,
    `# Ditulis oleh: ${PG_CHECKED_COMMAND} (docs/decisions/169).`,
    ...lines,
    '',
  ].join('\n');
}

/** Writes a routine's record (the command does, after its parity files passed on PostgreSQL). */
export function writeRecord(name: string, parts: Map<string, string>): void {
  writeFileSync(recordPath(name), recordText(name, parts));
}

/**
 * Registers, in the parity file of routine `name`: without PostgreSQL, a banner and a test that
 * fails when the routine or its twin changed since their rows last passed there. With PostgreSQL
 * the file's rows are the check; the record is written by the command only.
 */
export function pgChecked(name: string, onPostgres: boolean): void {
  if (onPostgres) return;
  console.warn(skippedBanner(`${name} tidak diuji`, PG_CHECKED_COMMAND));
  it(`${name} and its TypeScript twin are, as recorded, the texts whose rows last passed on PostgreSQL`, () => {
    const changes = changesSinceRecord(name);
    expect(
      changes,
      [
        `${name} (src/modules/${routineNamed(name).file}) atau kembarannya di TypeScript berubah sejak terakhir diuji di PostgreSQL.`,
        `Jalankan: ${PG_CHECKED_COMMAND}`,
        `lalu commit apps/server/test/parity/${name}.pg-checked bersama perubahannya.`,
      ].join('\n'),
    ).toEqual([]);
  });
}

/** A participant id no event has. */
export const MISSING_SISWA = 999_999;

/**
 * The participant of the n-th situation: its own one of event 1 (`mine`), one of another event
 * (`outside`, shared round the rows), or one that does not exist.
 */
export function siswaOfSituation(
  peserta: 'milik' | 'luar' | 'tidak-ada',
  n: number,
  mine: readonly number[],
  outside: readonly number[],
): number {
  if (peserta === 'milik') return mine[n] as number;
  if (peserta === 'luar') return outside[n % outside.length] as number;
  return MISSING_SISWA;
}
