import { closeSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, loadConfig } from './env';
import { loadLauncherEnv } from './launcher-env';
import {
  HIDDEN_KEYS,
  KNOWN_KEYS_AT,
  linesOf,
  ownEnvironment,
  parseSettings,
  readSettingsFile,
  resolvedValue,
  type SettingsPlace,
  settingsPlace,
  unknownKeyProblem,
  valueProblem,
} from './settings-file';

// `npm run ukt -- atur`: shows the settings file, or sets and removes keys in it (docs/decisions/130).
// Every other line stays as written; the result is checked as the app would load it before
// anything is written, and written whole or not at all, readable by its owner only.

const HEADER = [
  '# Pengaturan UKT Penguji: dibaca server, npm run venue dan setiap perintah npm run ukt.',
  '# Ubah dengan: npm run ukt -- atur NAMA=NILAI (NAMA= menghapusnya). Variabel lingkungan menang atas berkas ini.',
  '# Letak folder yang tidak diawali / (atau C:\\) dihitung dari folder berkas ini.',
];

const EXAMPLE = 'npm run ukt -- atur BACKUP_DIR=/mnt/usb/cadangan';

/** A value as `atur` prints it: secrets hidden. */
const shown = (key: string, value: string) => (HIDDEN_KEYS.has(key) ? '(tersembunyi)' : value);

/** The file's place, or why there is none. */
function placeOf(env: NodeJS.ProcessEnv): SettingsPlace & { file: string } {
  const place = settingsPlace(env);
  if (!place.file)
    throw new ConfigError(
      'Folder aplikasi tidak ditemukan, jadi letak ukt.env tidak diketahui. Atur UKT_ENV_FILE ke letak berkas pengaturan.',
    );
  return { ...place, file: place.file };
}

/** The lines `atur` prints without arguments: the file's place and its settings, secrets hidden. */
export function listSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const place = placeOf(env);
  const { text, settings } = readSettingsFile(place, true);
  if (text === undefined)
    return [`Berkas pengaturan: ${place.file} (belum ada).`, `Buat dengan, misalnya: ${EXAMPLE}`];
  const own = ownEnvironment(env);
  const lines = [`Berkas pengaturan: ${place.file}`];
  if (settings.length === 0) lines.push(`  (belum ada pengaturan; tambahkan dengan, misalnya: ${EXAMPLE})`);
  for (const { key, value } of settings) {
    const instead = own[key];
    lines.push(
      `  ${key}=${shown(key, value)}${instead === undefined ? '' : `  (di terminal ini diganti variabel lingkungan ${key}=${shown(key, instead)})`}`,
    );
  }
  return lines;
}

/** One change `atur` makes: a key and its new value, '' to remove it. */
interface Change {
  key: string;
  value: string;
}

/** The changes typed after `atur`; throws ConfigError on a word that is not NAMA=NILAI or a key the app does not know. */
function changesOf(words: string[]): Change[] {
  const changes: Change[] = [];
  for (const word of words) {
    const at = word.indexOf('=');
    if (at < 1) throw new ConfigError(`"${word}" bukan NAMA=NILAI. Contoh: ${EXAMPLE}`);
    const change = { key: word.slice(0, at), value: word.slice(at + 1) };
    const unknown = unknownKeyProblem(change.key);
    if (unknown) throw new ConfigError(`Tidak ada yang ditulis: ${unknown} (${KNOWN_KEYS_AT}).`);
    if (changes.some((c) => c.key === change.key))
      throw new ConfigError(`Tidak ada yang ditulis: ${change.key} disebut dua kali.`);
    changes.push(change);
  }
  return changes;
}

/** The line that sets `key` to exactly `value`, quoted only when util.parseEnv would read it otherwise. */
function lineFor(key: string, value: string): string {
  for (const written of [value, `'${value}'`, `"${value}"`, `\`${value}\``]) {
    const line = `${key}=${written}`;
    if (!value.includes('\n') && parseEnv(line)[key] === value) return line;
  }
  throw new ConfigError(
    `Tidak ada yang ditulis: nilai ${key} tidak dapat ditulis di berkas pengaturan (berisi baris baru, atau tanda kutip ' " dan \` sekaligus).`,
  );
}

/** Writes `text` to `file` whole or not at all (a temporary file beside it, then a rename), mode 0600. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.baru`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    const code = (error as { code?: unknown }).code;
    throw new ConfigError(
      `Berkas pengaturan ${file} tidak dapat ditulis${typeof code === 'string' ? ` (${code})` : ''}: periksa izin foldernya. Tidak ada yang berubah.`,
      { cause: error },
    );
  }
}

/**
 * Makes the file UKT_ENV_FILE names when it is not there yet, holding only the header: the venue
 * launcher may be the first to use it, and the app it starts must find the same file (docs/decisions/130).
 */
export function createNamedSettingsFile(env: NodeJS.ProcessEnv = process.env): void {
  const place = settingsPlace(env);
  if (!place.named || !place.file) return;
  if (readSettingsFile(place, true).text === undefined) writeAtomically(place.file, `${HEADER.join('\n')}\n`);
}

/**
 * `atur NAMA=NILAI …`: sets each key in the settings file (NAMA= removes it), keeping every other
 * line; checks the result as loadConfig and the launcher would read it first, and writes nothing when
 * it does not load. Answers the lines to print.
 */
export function changeSettings(words: string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const changes = changesOf(words);
  const place = placeOf(env);
  const { text, settings } = readSettingsFile(place, true);
  // A symlinked ukt.env is written where it points.
  const file = text === undefined ? place.file : realpathSync(place.file);
  const fresh = text === undefined || text.trim() === '';
  const eol = text?.includes('\r\n') ? '\r\n' : '\n';
  const bom = text?.startsWith('\uFEFF') ? '\uFEFF' : '';
  const lines = fresh ? [...HEADER, ''] : linesOf(text);
  // A file ending in a line break splits into a last empty line: new settings go before it.
  const endsWithBreak = fresh || lines.at(-1) === '';
  if (!fresh && endsWithBreak) lines.pop();
  const removed = new Set<number>();
  let appended = false;
  const said: string[] = [];
  for (const { key, value } of changes) {
    const at = settings.find((s) => s.key === key);
    if (value === '') {
      if (at) removed.add(at.line - 1);
      said.push(at ? `${key} dihapus` : `${key} memang tidak ada`);
      continue;
    }
    const problem = valueProblem(key, resolvedValue(key, value, dirname(file)));
    if (problem) throw new ConfigError(`Tidak ada yang ditulis: ${problem}`);
    if (at) lines[at.line - 1] = lineFor(key, value);
    else {
      lines.push(lineFor(key, value));
      appended = true;
    }
    said.push(`${key}=${shown(key, value)}`);
  }
  const kept = lines.filter((_, index) => !removed.has(index));
  const next = `${bom}${kept.join(eol)}${endsWithBreak || appended ? eol : ''}`;

  // Checked as a process in this terminal would load it: the terminal's own variables, then the file.
  const folder = dirname(file);
  const loaded = { ...ownEnvironment(env) };
  for (const { key, value } of parseSettings(next, file)) loaded[key] ??= resolvedValue(key, value, folder);
  try {
    loadConfig(loaded);
    loadLauncherEnv(loaded);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError(`Tidak ada yang ditulis: ${error.message}`, { cause: error });
  }
  if (next !== text) writeAtomically(file, next);

  const own = ownEnvironment(env);
  const overridden = changes.filter((c) => c.value !== '' && own[c.key] !== undefined).map((c) => c.key);
  return [
    `Berkas pengaturan ${file} ${text === undefined ? 'dibuat' : 'diperbarui'}: ${said.join(', ')}.`,
    ...overridden.map(
      (key) =>
        `Perhatian: ${key} juga diatur sebagai variabel lingkungan di terminal ini, dan itu yang dipakai di sini; berkas berlaku di jendela lain.`,
    ),
    'Mulai ulang server (atau npm run venue) agar pengaturan baru dipakai.',
  ];
}
