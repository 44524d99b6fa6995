import { resolve } from 'node:path';
import { ZONA_WAKTU, type ZonaWaktu } from '@ukt/core';
import { z } from 'zod';
import { backupDirProblem, DEFAULT_BACKUP_FOLDER } from './backup-dir';
import { defaultDatabase } from './default-database';
import { defaultPublicUrl } from './public-url';
import { WA_GATEWAYS, type WaConfig, WaEnvShape, waConfigOf } from './whatsapp';

// The only module that reads process.env (STYLE §4). Every variable is optional (DESIGN §5).
//
// Per-IP limits (docs/decisions/011-otp-limits.md). A venue often puts every examiner's phone
// behind one NAT address, so these are generous; the per-number OTP limits are what protect a login.
//   RATE_LIMIT_PER_MINUTE   requests of any kind per minute (default 3000; in memory, per process)
//   OTP_SEND_PER_IP         code requests per 10 minutes (default 100; in the database)
//   OTP_VERIFY_PER_IP       code checks per 10 minutes (default 300; in the database)
// A browser test suite logging in a few dozen times from 127.0.0.1 stays well inside them.
// SESSION_CACHE_MS: how long a process trusts a token it has already looked up (default 3000,
// 0 = always ask the database); a logout on another process takes effect within this time
// (docs/decisions/018-session-lookup-cache.md).
// TRUST_PROXY: behind a load balancer, 'true' or the balancer's addresses (comma-separated), so the client IP is
// taken from X-Forwarded-For; unset, the socket's address is the client (no header can fake it).
// WORKERS: how many server processes share the port (Node's cluster module, src/cluster.ts); unset or 1
// is one process. More than one needs PostgreSQL (docs/decisions/046-several-server-processes.md);
// `npm run start:cluster` defaults to one per CPU, at least 2.

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .transform((v) => (v === '' ? undefined : v === '1' || v === 'true'));
const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int()
    .positive({ error: `${name} harus lebih dari 0` });

/** Where login codes and other messages go: local (log, file), a hand-built webhook, or a WhatsApp gateway. */
export const OTP_DELIVERIES = ['log', 'file', 'webhook', ...WA_GATEWAYS] as const;

/** The variables loadConfig reads, each validated alone (a settings file's lines: config/settings-file.ts). */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535, { error: 'PORT harus 0 sampai 65535' }).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, {
      error: 'DATABASE_URL harus sqlite:PATH atau postgres://…',
    })
    // Unset: DATA_DIR/ukt.db (config/default-database.ts, docs/decisions/157).
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  UKT_DEMO: flag.optional(),
  OTP_DELIVERY: z
    .enum(OTP_DELIVERIES, { error: `OTP_DELIVERY harus salah satu dari: ${OTP_DELIVERIES.join(', ')}` })
    .default('log'),
  OTP_OUTBOX: z.string().optional(),
  OTP_WEBHOOK_URL: z.url({ error: 'OTP_WEBHOOK_URL harus URL' }).optional(),
  // The WhatsApp gateways' keys (config/whatsapp.ts, docs/whatsapp.md).
  ...WaEnvShape,
  UKT_SECRET: z.string().min(32, { error: 'UKT_SECRET minimal 32 karakter' }).optional(),
  UKT_ORG_ID: positiveInt('UKT_ORG_ID').default(1),
  // The organisation's time zone, printed with every time on paper (docs/decisions/137).
  UKT_ZONA_WAKTU: z.enum(ZONA_WAKTU, { error: 'UKT_ZONA_WAKTU harus WIB, WITA atau WIT' }).default('WIB'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL harus URL' }).optional(),
  CA_CERT_URL: z
    .union([
      z.literal('none'),
      z.url({ protocol: /^https?$/, error: 'CA_CERT_URL harus URL http://… atau none' }),
    ])
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: positiveInt('RATE_LIMIT_PER_MINUTE').default(3000),
  OTP_SEND_PER_IP: positiveInt('OTP_SEND_PER_IP').default(100),
  OTP_VERIFY_PER_IP: positiveInt('OTP_VERIFY_PER_IP').default(300),
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'SESSION_CACHE_MS harus berupa angka' })
    .int({ error: 'SESSION_CACHE_MS harus bilangan bulat' })
    .min(0, { error: 'SESSION_CACHE_MS 0 sampai 60000' })
    .max(60_000, { error: 'SESSION_CACHE_MS 0 sampai 60000' })
    .default(3000),
  TRUST_PROXY: z.string().max(500).optional(),
  WORKERS: positiveInt('WORKERS').max(64, { error: 'WORKERS paling banyak 64' }).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_MINUTES: positiveInt('BACKUP_INTERVAL_MINUTES')
    .max(10_080, {
      error: 'BACKUP_INTERVAL_MINUTES paling lama 10080 (seminggu)',
    })
    .optional(),
  BACKUP_KEEP: positiveInt('BACKUP_KEEP').max(10_000).default(48),
  MIN_FREE_DISK_MB: z.coerce
    .number({ error: 'MIN_FREE_DISK_MB harus berupa angka' })
    .min(0, { error: 'MIN_FREE_DISK_MB tidak boleh negatif' })
    .default(100),
  UKT_BACKUP_PASSPHRASE: z.string().min(8, { error: 'UKT_BACKUP_PASSPHRASE minimal 8 karakter' }).optional(),
  // deploy/Caddyfile's storage folder: its CA travels with every backup (docs/decisions/132).
  UKT_CADDY_DATA: z.string().min(1).optional(),
  // The token a monitoring system sends for /metrics; unset, /metrics answers 404 (docs/decisions/163).
  METRICS_TOKEN: z.string().min(32, { error: 'METRICS_TOKEN minimal 32 karakter' }).optional(),
  // Set by npm to the directory `npm run …` was typed in; the CLI resolves file names against it.
  INIT_CWD: z.string().optional(),
});

/** The default Caddy data folder's name inside DATA_DIR. */
export const DEFAULT_CADDY_FOLDER = 'caddy';

/** Everything the server and the CLI are configured with. */
export interface Config {
  port: number;
  host: string;
  /** DATABASE_URL; unset, sqlite: of DATA_DIR/ukt.db (docs/decisions/157). */
  databaseUrl: string;
  /** How to move a database left outside DATA_DIR by an older release, for the start-up log. */
  databaseNote: string | undefined;
  dataDir: string;
  /** true when UKT_DEMO=1: a new database gets the demo (docs/decisions/154); false or undefined: it starts empty. */
  demo: boolean | undefined;
  otp: {
    delivery: (typeof OTP_DELIVERIES)[number];
    /** The login-code file (OTP_OUTBOX) where OTP_DELIVERY=file writes each code (docs/glossary.md). */
    codeFile: string;
    webhookUrl: string | undefined;
  };
  /** The WhatsApp gateway when OTP_DELIVERY names one (docs/whatsapp.md); undefined otherwise. */
  wa: WaConfig | undefined;
  secret: string | undefined;
  orgId: number;
  /** The organisation's time zone (UKT_ZONA_WAKTU): times and days on paper are in it. */
  zonaWaktu: ZonaWaktu;
  webDist: string | undefined;
  publicUrl: string;
  /**
   * Where phones download the root certificate (the console's "Sambungkan HP"): CA_CERT_URL, null
   * for `none` (a real domain certificate), undefined for the default http://<PUBLIC_URL's host>/ukt-ca.crt.
   */
  caCertUrl: string | null | undefined;
  logLevel: string;
  rateLimit: { perMinute: number; otpSendPerIp: number; otpVerifyPerIp: number };
  trustProxy: boolean | string;
  /** Milliseconds a looked-up session token is trusted without asking the database again. */
  sessionCacheMs: number;
  /** Server processes to run on one port (WORKERS); undefined when not set. */
  workers: number | undefined;
  /**
   * Backups (docs/decisions/096): where they are kept (BACKUP_DIR, default DATA_DIR/cadangan;
   * never DATA_DIR itself, another folder in it, or one around it or the SQLite file:
   * docs/decisions/123), how often a scheduled one is taken (undefined: none; 30 minutes once
   * BACKUP_DIR is set) and how many scheduled ones are kept. Manual and pre-migration backups are never pruned. With
   * UKT_BACKUP_PASSPHRASE set, the CLI's and the schedule's archives are sealed with it.
   */
  backup: { dir: string; intervalMinutes: number | undefined; keep: number; passphrase: string | undefined };
  /**
   * Caddy's data folder (UKT_CADDY_DATA, default DATA_DIR/caddy): its CA's root certificate and key
   * go into every backup and come back with a restore, and nothing else of it (docs/decisions/132).
   */
  caddyDataDir: string;
  /** The database file and DATA_DIR: the disks a full disk is looked for on (log, /health). */
  diskPaths: string[];
  /** /health says not ready while any of diskPaths has less free space than this, in bytes. */
  minFreeDiskBytes: number;
  /** Where the command was typed (npm runs workspace scripts elsewhere): CLI file names are relative to it. */
  invocationDir: string;
  /** METRICS_TOKEN: /metrics is on, for this bearer token or a committee admin; undefined: off (404). */
  metricsToken: string | undefined;
}

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  return value === 'true' ? true : value;
}

/** Raised when the environment is invalid or names a place that cannot be used; its message says what to fix. */
export class ConfigError extends Error {}

/** Reads and validates the environment (DESIGN §5); throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.OTP_DELIVERY === 'webhook' && !e.OTP_WEBHOOK_URL) {
    throw new ConfigError(
      'Konfigurasi tidak valid:\n  OTP_WEBHOOK_URL: wajib diisi bila OTP_DELIVERY=webhook',
    );
  }
  const { wa, problems } = waConfigOf(e);
  if (problems.length)
    throw new ConfigError(`Konfigurasi tidak valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = resolve(e.DATA_DIR);
  const fallback = e.DATABASE_URL ? undefined : defaultDatabase(dataDir);
  if (fallback?.problem) throw new ConfigError(fallback.problem);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${fallback?.file}`;
  const sqliteFile = databaseUrl.startsWith('sqlite:')
    ? resolve(databaseUrl.slice('sqlite:'.length))
    : undefined;
  const backupDir = resolve(e.BACKUP_DIR ?? `${dataDir}/${DEFAULT_BACKUP_FOLDER}`);
  const overlap = backupDirProblem({ backupDir, dataDir, sqliteFile });
  if (overlap) throw new ConfigError(`Konfigurasi tidak valid:\n  BACKUP_DIR: ${overlap}`);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    databaseNote: fallback?.note,
    dataDir,
    demo: e.UKT_DEMO,
    otp: {
      delivery: e.OTP_DELIVERY,
      codeFile: resolve(e.OTP_OUTBOX ?? `${dataDir}/otp-outbox.jsonl`),
      webhookUrl: e.OTP_WEBHOOK_URL,
    },
    wa,
    secret: e.UKT_SECRET,
    orgId: e.UKT_ORG_ID,
    zonaWaktu: e.UKT_ZONA_WAKTU,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).replace(/\/$/, ''),
    caCertUrl: e.CA_CERT_URL === 'none' ? null : e.CA_CERT_URL,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      otpSendPerIp: e.OTP_SEND_PER_IP,
      otpVerifyPerIp: e.OTP_VERIFY_PER_IP,
    },
    trustProxy: trustProxy(e.TRUST_PROXY),
    sessionCacheMs: e.SESSION_CACHE_MS,
    workers: e.WORKERS,
    backup: {
      dir: backupDir,
      intervalMinutes: e.BACKUP_INTERVAL_MINUTES ?? (e.BACKUP_DIR ? 30 : undefined),
      keep: e.BACKUP_KEEP,
      passphrase: e.UKT_BACKUP_PASSPHRASE,
    },
    caddyDataDir: resolve(e.UKT_CADDY_DATA ?? `${dataDir}/${DEFAULT_CADDY_FOLDER}`),
    diskPaths: [dataDir, ...(sqliteFile ? [sqliteFile] : [])],
    minFreeDiskBytes: Math.round(e.MIN_FREE_DISK_MB * 1024 * 1024),
    invocationDir: e.INIT_CWD ?? process.cwd(),
    metricsToken: e.METRICS_TOKEN,
  };
}
