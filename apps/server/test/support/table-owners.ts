import { readFileSync } from 'node:fs';
import { areaOf, lineAt, ROUTINE_FILE, type SourceFile, sourceText, sqlFileText } from './source-text';

// Each table has one owning area (docs/decisions/114): only that area reads the table, and only its
// *.repository.ts files write it (in plugins/ and db/, any file). Another area sees the table only as
// a join inside a query of its own table. This scanner finds the calls and the raw SQL that break it,
// in the TypeScript and in the PostgreSQL routines (*.pg.sql, under the rule of ROUTINE_REACH).

/** The area that owns each table: `modules/<name>`, `plugins` or `db`. */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  aturan_lulus: 'modules/results', // the pass rule, read beside the recap
  audit_log: 'modules/audit',
  cadangan_gagal: 'modules/backup', // the last failed scheduled backup of each folder
  cabang: 'modules/regions',
  demo_isi: 'demo', // the rows the demo made, removed with it (docs/decisions/154)
  perwapus: 'modules/regions',
  ranting: 'modules/regions',
  rayon: 'modules/regions',
  idempotency: 'plugins', // replayed answers of retried requests (plugins/idempotency)
  keshan_jawaban: 'modules/keshan',
  soal: 'modules/keshan', // the KESHAN questions
  meta: 'db', // the data versions the lists' freshness reads
  kysely_migration: 'db', // the migrations already run
  nilai: 'modules/nilai',
  organisasi: 'modules/organisasi',
  otp_code: 'modules/auth',
  otp_send: 'modules/auth',
  otp_state: 'modules/auth',
  rate_hit: 'modules/auth', // the sign-in rate limits
  sesi: 'modules/auth', // examiners' sessions
  penguji: 'modules/penguji',
  penguji_tertunda: 'modules/penguji', // examiners imported before they first sign in
  penugasan: 'modules/kegiatan', // examiners assigned to an event
  sertifikat: 'modules/documents',
  sidik_kunci: 'db', // the fingerprint of the key that signs codes and links
  siswa: 'modules/siswa',
  tugas_berkala: 'db', // timed tasks' leases, shared by every process of the database
  ukt: 'modules/kegiatan', // the exam events
  wa_pesan: 'modules/whatsapp', // messages through a WhatsApp gateway and their delivery state
  wa_jeda: 'modules/whatsapp', // the gateway's next free start, its pace across processes
  berkas_media: 'modules/media', // recordings and images on PostgreSQL, shared by every machine
};

/**
 * What a routine may use beyond its own area's tables (docs/decisions/170). A routine is its area's
 * write path as one statement on PostgreSQL, so it may write its area's tables like a repository,
 * and use another owner's table as far as its TypeScript twin does through that owner's functions,
 * named here. A table missing here, or written where only reading is listed, is a break.
 */
export const ROUTINE_REACH: Readonly<
  Record<string, Readonly<Record<string, { access: 'reads' | 'writes'; through: string }>>>
> = {
  'modules/nilai/nilai.pg.sql': {
    idempotency: { access: 'writes', through: 'plugins/idempotency: keptAnswer, keepInlineAnswer' },
    audit_log: { access: 'writes', through: 'audit.repository: writtenFieldsOf, insertAudit' },
    ukt: { access: 'reads', through: 'kegiatan: requireKegiatan, assertNotDisahkan' },
    siswa: { access: 'reads', through: 'siswa.service: siswaForPenguji, assertNotHeldByOther' },
  },
  'modules/siswa/siswa.pg.sql': {
    idempotency: { access: 'writes', through: 'plugins/idempotency: keptAnswer, keepInlineAnswer' },
    ukt: { access: 'reads', through: 'kegiatan: requireKegiatan, assertNotDisahkan' },
  },
};

/** Folders under src/ the check skips: the migrations shape every table, the demo seeds them all. */
const SKIPPED = [/^db\/migrations\//, /^demo\//];

/**
 * Areas that may name a table through a variable. The backup copies every table it finds by
 * introspection, so its non-literal names are allowed; a table it names literally is still checked.
 */
const DYNAMIC_AREAS = new Set(['db', 'modules/backup']);

/** One break of the rule, found at a line of a file under src/. */
export interface Violation {
  file: string;
  line: number;
  kind: 'writes' | 'reads' | 'names a table not literally';
  table: string;
  owner: string;
  /** Why an owner's own write is refused (a write outside a *.repository.ts). */
  note?: string;
}

/** The tables of the Kysely `Database` interface in db/types.ts. */
export function databaseTables(typesFile: string): string[] {
  const body = /export interface Database \{([^}]*)\}/.exec(readFileSync(typesFile, 'utf8'))?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1] as string);
}

/** Every break of the rule in a set of files (paths under src/). */
export function scanTree(files: SourceFile[]): Violation[] {
  return files.filter((f) => !SKIPPED.some((re) => re.test(f.path))).flatMap(scanFile);
}

/** Every break of the rule in one file. */
export function scanFile(file: SourceFile): Violation[] {
  return tableUses(file).flatMap((use) => judge(file.path, use));
}

/** A table a file writes or reads at a line; table is null when it is not named literally. */
interface TableUse {
  line: number;
  access: 'writes' | 'reads';
  table: string | null;
}

/** Whether a use breaks the rule, as violations (none, or one per table). */
function judge(file: string, use: TableUse): Violation[] {
  const area = areaOf(file);
  if (use.table === null) {
    if (DYNAMIC_AREAS.has(area)) return [];
    return [{ file, line: use.line, kind: 'names a table not literally', table: '?', owner: '?' }];
  }
  const owner = TABLE_OWNERS[use.table];
  if (owner === undefined) return []; // not a table: a CTE, or a system catalogue in raw SQL
  const base = { file, line: use.line, kind: use.access, table: use.table, owner };
  const reach = ROUTINE_REACH[file]?.[use.table];
  if (reach && (reach.access === 'writes' || use.access === 'reads')) return [];
  if (area !== owner) return [base];
  const repository = file.endsWith('.repository.ts') || file.endsWith(ROUTINE_FILE);
  if (use.access === 'writes' && !writesAnywhere(area) && !repository) {
    return [{ ...base, note: 'writes belong in a *.repository.ts' }];
  }
  return [];
}

/** Areas whose every file may write their own tables. */
function writesAnywhere(area: string): boolean {
  return area === 'plugins' || area === 'db';
}

/** Kysely's calls that start a query on a table, by what they do to it. */
const BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*/g;
const WRITERS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Raw SQL (in sql`` templates) that writes or reads a table; `join t` is allowed anywhere. */
const RAW: { re: RegExp; access: TableUse['access'] }[] = [
  { re: /\b(?:insert|replace)\s+(?:or\s+\w+\s+)?into\s+"?(\w+)\b(?!"?\.)/gi, access: 'writes' },
  { re: /\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b/gi, access: 'writes' }, // `update t [as] x set`
  { re: /\bdelete\s+from\s+"?(\w+)\b(?!"?\.)/gi, access: 'writes' },
  { re: /(?<!\bdelete\s+)\bfrom\s+"?(\w+)\b(?!"?\.)/gi, access: 'reads' }, // not `extract(… from t.col)`
];

/** The tables a file writes and reads, through Kysely's builder and through raw SQL. */
export function tableUses(file: SourceFile): TableUse[] {
  const text = file.path.endsWith(ROUTINE_FILE) ? sqlFileText(file.text) : sourceText(file.text);
  const uses: TableUse[] = [];
  for (const m of text.code.matchAll(BUILDER)) {
    if (!text.isCode(m.index)) continue;
    const access = WRITERS.has(m[1] as string) ? 'writes' : 'reads';
    const line = lineAt(file.text, m.index);
    for (const table of builderTables(text.code, m.index + m[0].length)) uses.push({ line, access, table });
  }
  for (const { re, access } of RAW) {
    for (const m of text.sql.matchAll(re)) {
      uses.push({ line: lineAt(file.text, m.index), access, table: (m[1] as string).toLowerCase() });
    }
  }
  return uses.sort((a, b) => a.line - b.line);
}

/**
 * The tables a builder call's argument names: a literal ('t' or 't as x'), a list of literals, or a
 * variable whose type in the same file is a union of literals (`level: 'cabang' | 'ranting'`, or a
 * `type` alias of one). Null stands for a name the scanner cannot read; a derived table
 * (`selectFrom((eb) => …)`) names none, its own query being scanned where it is written.
 */
function builderTables(code: string, at: number): (string | null)[] {
  const rest = code.slice(at, at + 400);
  const literal = /^(['"])(\w+)(?:\s+as\s+\w+)?\1/.exec(rest);
  if (literal) return [literal[2] as string];
  const list = /^\[([^\]]*)\]/.exec(rest);
  if (list) return literalsIn(list[1] as string) ?? [null];
  const variable = /^([A-Za-z_$][\w$]*)\s*[),]/.exec(rest);
  if (variable) return typedTables(code.slice(0, at), variable[1] as string) ?? [null];
  return [];
}

/** The string literals of a union or list ('a' | 'b', or 'a', 'b'), or undefined if it holds anything else. */
function literalsIn(text: string): string[] | undefined {
  const items = text
    .split(/[|,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const names = items.map((s) => /^(['"])(\w+)(?:\s+as\s+\w+)?\1$/.exec(s)?.[2]);
  return names.every((n) => n !== undefined) && names.length > 0 ? (names as string[]) : undefined;
}

/** The tables a variable can be, from its last type annotation before the call (or a local type alias). */
function typedTables(before: string, name: string): string[] | undefined {
  const escaped = name.replaceAll('$', '\\$');
  const annotations = [...before.matchAll(new RegExp(`\\b${escaped}\\s*:\\s*([^,)=;{]+)`, 'g'))];
  const annotation = annotations.at(-1)?.[1]?.trim();
  if (annotation === undefined) return undefined;
  const alias = /^[A-Za-z_$][\w$]*$/.test(annotation)
    ? new RegExp(`\\btype\\s+${annotation}\\s*=\\s*([^;]+);`).exec(before)?.[1]
    : annotation;
  return alias === undefined ? undefined : literalsIn(alias);
}

/** A violation as the failure message prints it: `file:line  writes <table> (owner: <area>)`. */
export function describeViolation(v: Violation): string {
  const where = `${v.file}:${v.line}`;
  if (v.kind === 'names a table not literally') return `${where}  names a table not literally`;
  return `${where}  ${v.kind} ${v.table} (owner: ${v.owner}${v.note ? `; ${v.note}` : ''})`;
}
