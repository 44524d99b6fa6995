import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import '../lib/zod-locale';
import { appFolder } from './app-folder';
import { ConfigError, EnvSchema } from './env';

// One settings file, ukt.env, read by the server, the cluster, the launcher and every `ukt` command
// before loadConfig (docs/decisions/130): a setting typed once holds in every window. A variable
// already in the environment wins over the file; relative paths in the file are read against the
// file's own folder; a line the app does not know is refused, never ignored.

/** The settings file's name in the app's folder. */
export const SETTINGS_FILE_NAME = 'ukt.env';

/** The venue launcher's and deploy/Caddyfile's own keys (config/launcher-env.ts), allowed beside EnvSchema's. */
const LAUNCHER_KEYS = [
  'UKT_HOST',
  'UKT_TLS',
  'UKT_CADDY',
  'UKT_CADDY_DATA',
  'UKT_HTTP_PORT',
  'UKT_HTTPS_PORT',
  'UKT_BIND',
];

/** Every key a settings file may set; INIT_CWD is npm's own, set where a command is typed. */
export const SETTING_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(EnvSchema.shape).filter((key) => key !== 'INIT_CWD'),
  ...LAUNCHER_KEYS,
]);

/** Keys holding a folder or file: a relative value is read against the settings file's folder. */
const PATH_KEYS = new Set([
  'DATA_DIR',
  'BACKUP_DIR',
  'OTP_OUTBOX',
  'WEB_DIST',
  'UKT_CADDY',
  'UKT_CADDY_DATA',
]);

/** Keys whose values are never printed. */
export const HIDDEN_KEYS: ReadonlySet<string> = new Set([
  'UKT_SECRET',
  'UKT_BACKUP_PASSPHRASE',
  // A gateway's credentials; the generic gateway's address and headers may carry its token.
  'WA_TOKEN',
  'WA_SECRET_KEY',
  'WA_HTTP_URL',
  'WA_HTTP_HEADERS',
  'METRICS_TOKEN',
]);

/** Where the settings file is: UKT_ENV_FILE when set (named), else ukt.env in the app's folder. */
export interface SettingsPlace {
  /** Undefined when UKT_ENV_FILE is not set and the app's folder cannot be found. */
  file: string | undefined;
  /** True when UKT_ENV_FILE names it: then it must exist. */
  named: boolean;
}

/** The settings file for this environment. */
export function settingsPlace(env: NodeJS.ProcessEnv = process.env): SettingsPlace {
  if (env.UKT_ENV_FILE) {
    // Relative to where the command was typed: npm runs workspace scripts in apps/server.
    return { file: resolve(env.INIT_CWD ?? process.cwd(), env.UKT_ENV_FILE), named: true };
  }
  const folder = appFolder();
  return { file: folder && join(folder, SETTINGS_FILE_NAME), named: false };
}

/** One setting as written in the file. */
export interface SettingLine {
  /** 1 for the file's first line. */
  line: number;
  key: string;
  /** The value as util.parseEnv reads it (quotes removed), before any path is resolved. */
  value: string;
}

/** A settings file as read: its text (undefined when there is none) and its settings. */
export interface SettingsFile {
  place: SettingsPlace;
  text: string | undefined;
  settings: SettingLine[];
}

/** Key names of the shell's form; anything else is a mistyped line. */
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The lines of a settings file: a byte order mark (Notepad's) dropped, CRLF and LF alike. */
export const linesOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/);

/** The known key closest to a mistyped one (BACKUP_DRI: BACKUP_DIR), or undefined when none is near. */
function closestKey(typed: string): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(
          (row[j] as number) + 1,
          (next[j - 1] as number) + 1,
          (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      row = next;
    }
    return row[b.length] as number;
  };
  const upper = typed.toUpperCase();
  let best: { key: string; d: number } | undefined;
  for (const key of SETTING_KEYS) {
    const d = distance(upper, key);
    if (d <= 2 && (!best || d < best.d)) best = { key, d };
  }
  return best?.key;
}

/** Where a volunteer finds the names the app knows. */
export const KNOWN_KEYS_AT = 'nama yang dikenal ada di apps/server/src/config/env.ts';

/** Why `key` cannot be set in a settings file (no full stop), or null when it can. */
export function unknownKeyProblem(key: string): string | null {
  if (SETTING_KEYS.has(key)) return null;
  const near = closestKey(key);
  return `${key} bukan pengaturan yang dikenal${near ? ` (maksudnya ${near}?)` : ''}`;
}

/** Why `value` cannot be the value of `key`, or null when it can (each setting alone; loadConfig checks them together). */
export function valueProblem(key: string, value: string): string | null {
  const schema = EnvSchema.shape[key as keyof typeof EnvSchema.shape];
  const parsed = schema?.safeParse(value);
  return parsed && !parsed.success ? `${key}: ${parsed.error.issues[0]?.message}` : null;
}

/** The settings of a file's text; throws ConfigError naming the file and the line of the first mistake. */
export function parseSettings(text: string, file: string): SettingLine[] {
  const settings: SettingLine[] = [];
  const seen = new Map<string, number>();
  linesOf(text).forEach((raw, index) => {
    const line = index + 1;
    const fail = (problem: string): never => {
      throw new ConfigError(`Berkas pengaturan ${file}, baris ${line}: ${problem}`);
    };
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    // Node's own reading of one line: quotes, `export`, comments after a value (docs/decisions/130).
    const entries = Object.entries(parseEnv(raw));
    const [key, value] = entries[0] ?? [];
    if (entries.length !== 1 || key === undefined || value === undefined || !KEY.test(key))
      fail(`"${trimmed}" bukan pengaturan. Tulis NAMA=NILAI, atau awali baris dengan # untuk catatan.`);
    const setting = { line, key: key as string, value: value as string };
    const unknown = unknownKeyProblem(setting.key);
    if (unknown) fail(`${unknown}. Perbaiki namanya atau hapus baris itu (${KNOWN_KEYS_AT}).`);
    const first = seen.get(setting.key);
    if (first !== undefined) fail(`${setting.key} sudah diatur di baris ${first}. Hapus salah satunya.`);
    if (setting.value.includes('\n'))
      fail(
        `nilai ${setting.key} berisi baris baru (\\n di antara tanda kutip dua). Pakai tanda kutip satu, misalnya ${setting.key}='C:\\ukt\\nilai'.`,
      );
    const bad = valueProblem(setting.key, resolvedValue(setting.key, setting.value, dirname(file)));
    if (bad) fail(bad);
    seen.set(setting.key, line);
    settings.push(setting);
  });
  return settings;
}

/** A setting's value as the app gets it: a relative path read against `folder`, the file's own. */
export function resolvedValue(key: string, value: string, folder: string): string {
  if (value === '') return value;
  if (PATH_KEYS.has(key)) return resolve(folder, value);
  if (key === 'DATABASE_URL' && value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length);
    if (path === '' || path === ':memory:' || isAbsolute(path)) return value;
    return `sqlite:${resolve(folder, path)}`;
  }
  return value;
}

/**
 * Reads the settings file of this place; a missing one is no settings unless UKT_ENV_FILE names it
 * and `mayBeMissing` is false (`atur` may create the file UKT_ENV_FILE names).
 */
export function readSettingsFile(place: SettingsPlace, mayBeMissing = !place.named): SettingsFile {
  const { file, named } = place;
  if (!file) return { place, text: undefined, settings: [] };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if ((code === 'ENOENT' || code === 'ENOTDIR') && mayBeMissing)
      return { place, text: undefined, settings: [] };
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new ConfigError(
        `Berkas pengaturan ${file} (UKT_ENV_FILE) tidak ada. Periksa letak dan namanya, atau hapus UKT_ENV_FILE agar ${SETTINGS_FILE_NAME} di folder aplikasi yang dipakai.`,
        { cause: error },
      );
    if (code === 'EISDIR')
      throw new ConfigError(
        `Berkas pengaturan ${file} adalah folder, bukan berkas. ${named ? 'Atur UKT_ENV_FILE ke berkas pengaturannya.' : `Ganti nama atau pindahkan folder itu: ${SETTINGS_FILE_NAME} harus berkas teks berisi baris NAMA=NILAI.`}`,
        { cause: error },
      );
    throw new ConfigError(
      `Berkas pengaturan ${file} tidak dapat dibaca${typeof code === 'string' ? ` (${code})` : ''}: periksa izin berkas itu (pemiliknya harus dapat membacanya).`,
      { cause: error },
    );
  }
  return { place, text, settings: parseSettings(text, file) };
}

/** What applySettingsFile did, for the start-up log. */
export interface AppliedSettings {
  file: string | undefined;
  found: boolean;
  /** The keys taken from the file. */
  applied: string[];
  /** The keys the file sets that were already in the environment, which wins. */
  overridden: string[];
}

/** The keys each environment object got from a settings file, so `atur` can tell them from the terminal's own. */
const appliedTo = new WeakMap<NodeJS.ProcessEnv, Set<string>>();

/**
 * Reads the settings file and adds its settings to `env` (process.env unless given), before
 * loadConfig reads it: a variable already set wins, relative paths are read against the file's
 * folder. `mayBeMissing`: a file UKT_ENV_FILE names need not exist yet (`ukt atur` creates it).
 */
export function applySettingsFile(
  env: NodeJS.ProcessEnv = process.env,
  { mayBeMissing = false } = {},
): AppliedSettings {
  const place = settingsPlace(env);
  const { text, settings } = readSettingsFile(place, mayBeMissing || !place.named);
  const fromFile = appliedTo.get(env) ?? new Set<string>();
  appliedTo.set(env, fromFile);
  const result: AppliedSettings = {
    file: place.file,
    found: text !== undefined,
    applied: [],
    overridden: [],
  };
  const folder = place.file ? dirname(place.file) : '';
  for (const { key, value } of settings) {
    if (env[key] !== undefined && !fromFile.has(key)) {
      result.overridden.push(key);
      continue;
    }
    env[key] = resolvedValue(key, value, folder);
    fromFile.add(key);
    result.applied.push(key);
  }
  return result;
}

/** `env` without what a settings file added to it: the variables the terminal itself has. */
export function ownEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const fromFile = appliedTo.get(env) ?? new Set();
  return Object.fromEntries(Object.entries(env).filter(([key]) => !fromFile.has(key)));
}

/** The start-up log's line about the settings file. */
export function describeApplied({ file, found, applied, overridden }: AppliedSettings): string {
  if (!file)
    return 'Folder aplikasi tidak ditemukan: tanpa berkas pengaturan, hanya variabel lingkungan yang dipakai.';
  if (!found) return `Berkas pengaturan ${file} belum ada: hanya variabel lingkungan yang dipakai.`;
  const parts = [
    `Pengaturan dibaca dari ${file}: ${applied.length ? applied.join(', ') : 'tidak ada yang dipakai'}`,
  ];
  if (overridden.length) parts.push(`diganti variabel lingkungan: ${overridden.join(', ')}`);
  return `${parts.join('; ')}.`;
}
