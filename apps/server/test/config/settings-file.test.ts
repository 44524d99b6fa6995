import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env';
import { changeSettings, createNamedSettingsFile, listSettings } from '../../src/config/settings-edit';
import {
  applySettingsFile,
  describeApplied,
  readSettingsFile,
  SETTING_KEYS,
  settingsPlace,
} from '../../src/config/settings-file';
import { ROOT_DIR } from '../support/paths';

// ukt.env (docs/decisions/130): one settings file for the server, the cluster, the launcher and every
// `ukt` command. Read with Node's own util.parseEnv line by line, the environment winning, relative
// paths read against the file's folder, anything the app does not know refused with its line; and
// `ukt atur`, which writes it, checked first, whole or not at all.

let root: string;
let file: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ukt-atur-'));
  file = join(root, 'ukt.env');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** An environment naming the test's file, and nothing else the app reads. */
const envWith = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ UKT_ENV_FILE: file, ...extra });

/** The ConfigError's message a call throws, or a failed test when it throws none. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('reading ukt.env', () => {
  it('reads KEY=VALUE lines with comments, blank lines, quotes, export and a Windows BOM and CRLF', () => {
    writeFileSync(
      file,
      [
        '\uFEFF# Pengaturan venue',
        '',
        'PUBLIC_URL=https://ukt.lan   # alamat HP',
        "UKT_SECRET='abc#def-0123456789-0123456789-0123'",
        'export LOG_LEVEL="warn"',
        '   ',
        'UKT_HOST=ukt.lan',
      ].join('\r\n'),
    );
    const env = envWith();
    const applied = applySettingsFile(env);
    expect(env).toMatchObject({
      PUBLIC_URL: 'https://ukt.lan',
      UKT_SECRET: 'abc#def-0123456789-0123456789-0123',
      LOG_LEVEL: 'warn',
      UKT_HOST: 'ukt.lan',
    });
    expect(applied).toEqual({
      file,
      found: true,
      applied: ['PUBLIC_URL', 'UKT_SECRET', 'LOG_LEVEL', 'UKT_HOST'],
      overridden: [],
    });
    expect(loadConfig(env).publicUrl).toBe('https://ukt.lan');
  });

  it('lets a variable already in the environment win over the file, and says which', () => {
    writeFileSync(file, 'PORT=4000\nLOG_LEVEL=warn\n');
    const env = envWith({ PORT: '5000' });
    const applied = applySettingsFile(env);
    expect(env.PORT).toBe('5000');
    expect(env.LOG_LEVEL).toBe('warn');
    expect(describeApplied(applied)).toBe(
      `Pengaturan dibaca dari ${file}: LOG_LEVEL; diganti variabel lingkungan: PORT.`,
    );
    // Read again (server.ts, then cluster.ts): what came from the file is still the file's.
    expect(applySettingsFile(env)).toMatchObject({ applied: ['LOG_LEVEL'], overridden: ['PORT'] });
  });

  it('reads relative paths against the file’s folder, whatever the current folder, and keeps absolute ones', () => {
    writeFileSync(
      file,
      [
        'DATA_DIR=./data',
        'BACKUP_DIR=../usb/cadangan',
        'OTP_OUTBOX=data/otp.jsonl',
        'WEB_DIST=web',
        'DATABASE_URL=sqlite:./data/ukt.db',
        'UKT_CADDY_DATA=/srv/caddy',
        'UKT_CADDY=bin/caddy',
      ].join('\n'),
    );
    const env = envWith();
    applySettingsFile(env);
    const config = loadConfig(env);
    expect(config.dataDir).toBe(join(root, 'data'));
    expect(config.backup.dir).toBe(join(root, '..', 'usb', 'cadangan'));
    expect(config.otp.codeFile).toBe(join(root, 'data', 'otp.jsonl'));
    expect(config.webDist).toBe(join(root, 'web'));
    expect(config.databaseUrl).toBe(`sqlite:${join(root, 'data', 'ukt.db')}`);
    expect(config.caddyDataDir).toBe('/srv/caddy');
    expect(env.UKT_CADDY).toBe(join(root, 'bin', 'caddy'));
    expect(process.cwd()).not.toBe(root);
  });

  it('leaves PostgreSQL URLs and an in-memory SQLite as written', () => {
    writeFileSync(file, 'DATABASE_URL=postgres://ukt@127.0.0.1:5432/ukt\n');
    const env = envWith();
    applySettingsFile(env);
    expect(env.DATABASE_URL).toBe('postgres://ukt@127.0.0.1:5432/ukt');
    writeFileSync(file, 'DATABASE_URL=sqlite::memory:\n');
    const memory = envWith();
    applySettingsFile(memory);
    expect(memory.DATABASE_URL).toBe('sqlite::memory:');
  });

  it('refuses a key the app does not know, naming the line and the key it resembles', () => {
    writeFileSync(file, '# cadangan\nBACKUP_DRI=/mnt/usb\n');
    const env = envWith();
    expect(refusal(() => applySettingsFile(env))).toBe(
      `Berkas pengaturan ${file}, baris 2: BACKUP_DRI bukan pengaturan yang dikenal (maksudnya BACKUP_DIR?). Perbaiki namanya atau hapus baris itu (nama yang dikenal ada di apps/server/src/config/env.ts).`,
    );
    expect(env.BACKUP_DIR).toBeUndefined();
    writeFileSync(file, 'INIT_CWD=/tmp\n');
    expect(refusal(() => applySettingsFile(envWith()))).toContain('baris 1: INIT_CWD bukan pengaturan');
  });

  it('refuses a line that is not KEY=VALUE, a key set twice, a bad value and a \\n in double quotes', () => {
    const cases: [string, string][] = [
      [
        'PORT=3000\nBACKUP_DIR /mnt/usb\n',
        'baris 2: "BACKUP_DIR /mnt/usb" bukan pengaturan. Tulis NAMA=NILAI, atau awali baris dengan # untuk catatan.',
      ],
      ['PORT=3000\n\nPORT=3001\n', 'baris 3: PORT sudah diatur di baris 1. Hapus salah satunya.'],
      ['PUBLIC_URL=ukt.lan\n', 'baris 1: PUBLIC_URL: PUBLIC_URL harus URL'],
      ['UKT_SECRET=pendek\n', 'baris 1: UKT_SECRET: UKT_SECRET minimal 32 karakter'],
      ['BACKUP_DIR="D:\\ukt\\new"\n', 'baris 1: nilai BACKUP_DIR berisi baris baru'],
    ];
    for (const [text, problem] of cases) {
      writeFileSync(file, text);
      expect(refusal(() => applySettingsFile(envWith()))).toContain(`Berkas pengaturan ${file}, ${problem}`);
    }
  });

  it('accepts deploy/ukt-penguji.env.example copied to ukt.env', () => {
    const example = join(ROOT_DIR, 'deploy', 'ukt-penguji.env.example');
    writeFileSync(file, readFileSync(example));
    const env = envWith();
    expect(applySettingsFile(env).applied).toEqual(['PUBLIC_URL', 'CA_CERT_URL']);
    expect(loadConfig(env).caCertUrl).toBeNull();
  });

  it('allows every key loadConfig reads and the launcher’s own', () => {
    for (const key of ['BACKUP_DIR', 'UKT_CADDY_DATA', 'UKT_HOST', 'UKT_TLS', 'UKT_HTTP_PORT', 'WORKERS'])
      expect(SETTING_KEYS.has(key)).toBe(true);
  });

  it('finds ukt.env in the app’s folder by default, and UKT_ENV_FILE relative to where npm was run', () => {
    const appRoot = ROOT_DIR;
    expect(JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')).name).toBe('ukt-penguji');
    expect(settingsPlace({})).toEqual({ file: join(appRoot, 'ukt.env'), named: false });
    expect(settingsPlace({ UKT_ENV_FILE: 'venue/ukt.env', INIT_CWD: root })).toEqual({
      file: join(root, 'venue', 'ukt.env'),
      named: true,
    });
    expect(settingsPlace({ UKT_ENV_FILE: file, INIT_CWD: '/elsewhere' }).file).toBe(file);
  });

  it('is fine without a file at the default place, but not without the file UKT_ENV_FILE names', () => {
    expect(readSettingsFile({ file, named: false })).toMatchObject({ text: undefined, settings: [] });
    const env = envWith();
    expect(refusal(() => applySettingsFile(env))).toBe(
      `Berkas pengaturan ${file} (UKT_ENV_FILE) tidak ada. Periksa letak dan namanya, atau hapus UKT_ENV_FILE agar ukt.env di folder aplikasi yang dipakai.`,
    );
  });

  it('refuses a settings file that is a folder, saying which', () => {
    mkdirSync(file);
    expect(refusal(() => applySettingsFile(envWith()))).toBe(
      `Berkas pengaturan ${file} adalah folder, bukan berkas. Atur UKT_ENV_FILE ke berkas pengaturannya.`,
    );
    expect(refusal(() => readSettingsFile({ file, named: false }))).toBe(
      `Berkas pengaturan ${file} adalah folder, bukan berkas. Ganti nama atau pindahkan folder itu: ukt.env harus berkas teks berisi baris NAMA=NILAI.`,
    );
  });
});

describe('ukt atur', () => {
  const text = () => readFileSync(file, 'utf8');
  const leftovers = () => readdirSync(root).filter((name) => name !== 'ukt.env');

  it('creates the file with a header, readable by its owner only', () => {
    const said = changeSettings(['BACKUP_DIR=/mnt/usb/cadangan', 'PUBLIC_URL=https://ukt.lan'], envWith());
    expect(said[0]).toBe(
      `Berkas pengaturan ${file} dibuat: BACKUP_DIR=/mnt/usb/cadangan, PUBLIC_URL=https://ukt.lan.`,
    );
    expect(text()).toMatch(
      /^# Pengaturan UKT Penguji: .*\n(#.*\n)*\nBACKUP_DIR=\/mnt\/usb\/cadangan\nPUBLIC_URL=https:\/\/ukt\.lan\n$/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(leftovers()).toEqual([]);
  });

  it('replaces and removes keys, keeping every other line and comment as it was', () => {
    writeFileSync(file, '# venue\nPORT=3000\n\n# cadangan\nBACKUP_DIR=/lama\nLOG_LEVEL=warn # sementara\n', {
      mode: 0o644,
    });
    changeSettings(['BACKUP_DIR=/mnt/usb/cadangan', 'LOG_LEVEL=', 'PUBLIC_URL=https://ukt.lan'], envWith());
    expect(text()).toBe(
      '# venue\nPORT=3000\n\n# cadangan\nBACKUP_DIR=/mnt/usb/cadangan\nPUBLIC_URL=https://ukt.lan\n',
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(changeSettings(['OTP_OUTBOX='], envWith())[0]).toBe(
      `Berkas pengaturan ${file} diperbarui: OTP_OUTBOX memang tidak ada.`,
    );
  });

  it('keeps CRLF line ends and quotes a value only when it must, so it reads back the same', () => {
    writeFileSync(file, '# Notepad\r\nPORT=3000\r\n');
    const secret = 'rahasia #1 dengan spasi 0123456789abcdef';
    changeSettings([`UKT_SECRET=${secret}`, 'BACKUP_DIR=D:\\ukt\\new'], envWith());
    expect(text()).toBe(`# Notepad\r\nPORT=3000\r\nUKT_SECRET='${secret}'\r\nBACKUP_DIR=D:\\ukt\\new\r\n`);
    const env = envWith();
    applySettingsFile(env);
    expect(env.UKT_SECRET).toBe(secret);
  });

  it('refuses a bad value, an unknown key or a combination loadConfig refuses, leaving the file byte for byte', () => {
    const before = '# venue\nDATA_DIR=./data\nPORT=3000\n';
    writeFileSync(file, before);
    const cases: [string[], string][] = [
      [['PORT=abc'], 'Tidak ada yang ditulis: PORT: '],
      [['PUBLIC_URL=ukt.lan'], 'Tidak ada yang ditulis: PUBLIC_URL: PUBLIC_URL harus URL'],
      [
        ['BACKUP_DRI=/mnt/usb'],
        'Tidak ada yang ditulis: BACKUP_DRI bukan pengaturan yang dikenal (maksudnya BACKUP_DIR?)',
      ],
      [['BACKUP_DIR=./data'], `BACKUP_DIR ${join(root, 'data')} sama dengan DATA_DIR`],
      [['OTP_DELIVERY=webhook'], 'OTP_WEBHOOK_URL: wajib diisi bila OTP_DELIVERY=webhook'],
      [['UKT_HTTP_PORT=delapan'], 'UKT_HTTP_PORT harus berupa angka'],
      [['PORT'], '"PORT" bukan NAMA=NILAI. Contoh: npm run ukt -- atur BACKUP_DIR=/mnt/usb/cadangan'],
      [['PORT=3001', 'PORT=3002'], 'PORT disebut dua kali'],
    ];
    for (const [words, message] of cases) {
      expect(refusal(() => changeSettings(words, envWith()))).toContain(message);
      expect(text()).toBe(before);
      expect(leftovers()).toEqual([]);
    }
  });

  it('the launcher makes the file UKT_ENV_FILE names when it is missing, so its app reads the same one', () => {
    createNamedSettingsFile(envWith());
    expect(text()).toMatch(/^# Pengaturan UKT Penguji: [^\n]*\n(#[^\n]*\n)+$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'PORT=3000\n');
    createNamedSettingsFile(envWith());
    expect(text()).toBe('PORT=3000\n');
    // Its folder must exist: a mistyped UKT_ENV_FILE is said, not made.
    expect(
      refusal(() => createNamedSettingsFile({ UKT_ENV_FILE: join(root, 'tidak-ada', 'ukt.env') })),
    ).toContain(`Berkas pengaturan ${join(root, 'tidak-ada', 'ukt.env')} tidak dapat ditulis (ENOENT)`);
  });

  it('lists the file’s settings with secrets hidden, and which ones the terminal overrides', () => {
    expect(listSettings(envWith())).toEqual([
      `Berkas pengaturan: ${file} (belum ada).`,
      'Buat dengan, misalnya: npm run ukt -- atur BACKUP_DIR=/mnt/usb/cadangan',
    ]);
    const secret = 'rahasia-0123456789-0123456789-0123';
    writeFileSync(
      file,
      `BACKUP_DIR=/mnt/usb\nUKT_SECRET=${secret}\nUKT_BACKUP_PASSPHRASE=kata-sandi-panjang\n`,
    );
    const env = envWith({ BACKUP_DIR: '/media/lain' });
    applySettingsFile(env);
    const lines = listSettings(env);
    expect(lines).toEqual([
      `Berkas pengaturan: ${file}`,
      '  BACKUP_DIR=/mnt/usb  (di terminal ini diganti variabel lingkungan BACKUP_DIR=/media/lain)',
      '  UKT_SECRET=(tersembunyi)',
      '  UKT_BACKUP_PASSPHRASE=(tersembunyi)',
    ]);
    expect(lines.join('\n')).not.toContain(secret);
    expect(changeSettings(['BACKUP_DIR=/mnt/usb2'], env)[1]).toBe(
      'Perhatian: BACKUP_DIR juga diatur sebagai variabel lingkungan di terminal ini, dan itu yang dipakai di sini; berkas berlaku di jendela lain.',
    );
  });
});
