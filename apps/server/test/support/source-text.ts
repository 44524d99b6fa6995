import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// Reads the server's TypeScript the way the layout checks need it: comments blanked, and each
// character marked as code, plain string text or the text of an sql`` template. The PostgreSQL
// routines (*.pg.sql) are read too where a check asks for them: their text is all SQL.

/** One source file: its path under src/ (with '/') and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** The file's text split by kind; comments are spaces, line breaks are kept everywhere. */
export interface SourceText {
  /** The text with comments blanked. */
  code: string;
  /** Only the text of sql`` templates (without their ${…} parts); the rest is spaces. */
  sql: string;
  /** Whether the character at an index is code (not a string, template or comment). */
  isCode: (index: number) => boolean;
}

/** Files the layout tests plant for a moment (zz-…-<pid>.ts); the checks of the tree skip them. */
const PLANTED = /^zz-[\w-]*-\d+\.ts$/;

/** How the name of a PostgreSQL routine's file ends (db/routines.ts). */
export const ROUTINE_FILE = '.pg.sql';

/**
 * Every .ts file under a folder (and, when asked, every routine's .pg.sql), its path relative to
 * the folder, in a stable order.
 */
export function readSourceTree(srcDir: string, options: { routines?: boolean } = {}): SourceFile[] {
  const wanted = (name: string) =>
    (name.endsWith('.ts') && !PLANTED.test(name)) ||
    (options.routines === true && name.endsWith(ROUTINE_FILE));
  const files: SourceFile[] = [];
  for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !wanted(entry.name)) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: relative(srcDir, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The area of a file under src/: `modules/<name>`, its top folder, or a top-level file's own name. */
export function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : (parts[0] as string).replace(/\.ts$/, '');
}

/** The 1-based line of an index in a text. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

type Kind = 'code' | 'string' | 'sql' | 'comment';

/** Where a scan is: in code (with its brace depth inside a template's ${…}) or inside a template. */
type Frame = { in: 'code'; depth: number } | { in: 'template'; sql: boolean };

/** The text of a file split into code, strings, sql`` templates and comments. */
export function sourceText(text: string): SourceText {
  const kinds = classify(text);
  const code = text
    .split('')
    .map((c, i) => (kinds[i] === 'comment' && c !== '\n' ? ' ' : c))
    .join('');
  const sql = text
    .split('')
    .map((c, i) => (kinds[i] === 'sql' || c === '\n' ? c : ' '))
    .join('');
  return { code, sql, isCode: (index) => kinds[index] === 'code' };
}

/**
 * The text of a routine's file: all of it is SQL, its comments (line and block) and its quoted
 * strings blanked; nothing in it is code.
 */
export function sqlFileText(text: string): SourceText {
  const kinds: Kind[] = new Array(text.length).fill('sql');
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (two === '--') i = skipTo(text, i, i, kinds, '\n');
    else if (two === '/*') i = skipTo(text, i, i + 2, kinds, '*/');
    else if (text[i] === "'") i = endOfSqlString(text, i, kinds);
    else i++;
  }
  const sql = text
    .split('')
    .map((c, i) => (kinds[i] === 'sql' || c === '\n' ? c : ' '))
    .join('');
  return { code: text.replace(/[^\n]/g, ' '), sql, isCode: () => false };
}

/** The index after an SQL string ('' inside it is a quote), its characters marked as string. */
function endOfSqlString(text: string, i: number, kinds: Kind[]): number {
  let j = i + 1;
  while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
  mark(kinds, i, j + 1, 'string');
  return j + 1;
}

/** The kind of every character of a text (by UTF-16 index, like the text's own indexes). */
function classify(text: string): Kind[] {
  const kinds: Kind[] = new Array(text.length).fill('code');
  const stack: Frame[] = [{ in: 'code', depth: 0 }];
  let i = 0;
  while (i < text.length) {
    const frame = stack[stack.length - 1] as Frame;
    i =
      frame.in === 'code'
        ? stepCode(text, i, kinds, stack, frame)
        : stepTemplate(text, i, kinds, stack, frame);
  }
  return kinds;
}

/** Marks a range of characters as one kind. */
function mark(kinds: Kind[], from: number, to: number, kind: Kind): void {
  for (let i = from; i < to && i < kinds.length; i++) kinds[i] = kind;
}

/** One step in code: a comment, a string, a regex literal, a template, a brace or a plain character. */
function stepCode(
  text: string,
  i: number,
  kinds: Kind[],
  stack: Frame[],
  frame: Frame & { in: 'code' },
): number {
  const c = text[i];
  const next = text[i + 1];
  if (c === '/' && next === '/') return skipTo(text, i, i, kinds, '\n');
  if (c === '/' && next === '*') return skipTo(text, i, i + 2, kinds, '*/');
  if (c === "'" || c === '"') return endOfString(text, i, kinds, c);
  if (c === '/' && startsRegex(text, i)) return endOfRegex(text, i, kinds);
  if (c === '`') {
    stack.push({ in: 'template', sql: /\bsql\s*(<[^`;]*>)?\s*$/.test(text.slice(Math.max(0, i - 200), i)) });
    kinds[i] = 'string';
    return i + 1;
  }
  if (c === '{') frame.depth++;
  if (c === '}' && frame.depth-- === 0) {
    stack.pop();
    kinds[i] = 'string';
  }
  return i + 1;
}

/** One step in a template: its end, a ${ that opens code, or a character of its text. */
function stepTemplate(
  text: string,
  i: number,
  kinds: Kind[],
  stack: Frame[],
  frame: Frame & { in: 'template' },
): number {
  const c = text[i];
  if (c === '`') {
    stack.pop();
    kinds[i] = 'string';
    return i + 1;
  }
  if (c === '$' && text[i + 1] === '{') {
    mark(kinds, i, i + 2, 'string');
    stack.push({ in: 'code', depth: 0 });
    return i + 2;
  }
  const end = c === '\\' ? i + 2 : i + 1;
  mark(kinds, i, end, frame.sql ? 'sql' : 'string');
  return end;
}

/** Marks a comment from its start up to and with its end marker (or to the end of the text). */
function skipTo(text: string, from: number, searchFrom: number, kinds: Kind[], end: string): number {
  const at = text.indexOf(end, searchFrom);
  const stop = at === -1 ? text.length : at + end.length;
  mark(kinds, from, stop, 'comment');
  return stop;
}

/** The index after a quoted string, its characters marked as string. */
function endOfString(text: string, i: number, kinds: Kind[], quote: string): number {
  let j = i + 1;
  while (j < text.length && text[j] !== quote && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  mark(kinds, i, j + 1, 'string');
  return j + 1;
}

/** Whether a / begins a regex literal rather than a division (by the character before it). */
function startsRegex(text: string, i: number): boolean {
  const before = text.slice(0, i).trimEnd();
  return (
    before === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before) || /\b(return|typeof|case|in|of)$/.test(before)
  );
}

/** The index after a regex literal (classes may hold a /), its characters marked as string. */
function endOfRegex(text: string, i: number, kinds: Kind[]): number {
  let j = i + 1;
  let inClass = false;
  while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
    if (text[j] === '[') inClass = true;
    if (text[j] === ']') inClass = false;
    j += text[j] === '\\' ? 2 : 1;
  }
  mark(kinds, i, j + 1, 'string');
  return j + 1;
}
