import { resolve } from 'node:path';
import { z } from 'zod';

// The only module that reads process.env (STYLE §4). Every variable is optional (DESIGN §5).
//
// Rate limits, all per client IP and counted in the database so they hold across processes:
//   RATE_LIMIT_PER_MINUTE   requests of any kind per minute (default 600; in memory, per process)
//   OTP_SEND_PER_IP         code requests per 10 minutes (default 30: a venue shares one NAT address)
//   OTP_VERIFY_PER_IP       code checks per 10 minutes (default 60)
// Browser test suites that log in often from 127.0.0.1 stay well inside these defaults.

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .transform((v) => (v === '' ? undefined : v === '1' || v === 'true'));
const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int()
    .positive({ error: `${name} harus lebih dari 0` });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535, { error: 'PORT harus 0 sampai 65535' }).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, {
      error: 'DATABASE_URL harus sqlite:PATH atau postgres://…',
    })
    .default('sqlite:./data/ukt.db'),
  DATA_DIR: z.string().min(1).default('./data'),
  UKT_DEMO: flag.optional(),
  OTP_DELIVERY: z
    .enum(['log', 'file', 'webhook'], { error: 'OTP_DELIVERY harus log, file atau webhook' })
    .default('log'),
  OTP_OUTBOX: z.string().optional(),
  OTP_WEBHOOK_URL: z.url({ error: 'OTP_WEBHOOK_URL harus URL' }).optional(),
  UKT_SECRET: z.string().min(32, { error: 'UKT_SECRET minimal 32 karakter' }).optional(),
  UKT_ORG_ID: positiveInt('UKT_ORG_ID').default(1),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL harus URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: positiveInt('RATE_LIMIT_PER_MINUTE').default(600),
  OTP_SEND_PER_IP: positiveInt('OTP_SEND_PER_IP').default(30),
  OTP_VERIFY_PER_IP: positiveInt('OTP_VERIFY_PER_IP').default(60),
});

/** Everything the server and the CLI are configured with. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  /** true/false when UKT_DEMO is set; undefined means "fill a new database". */
  demo: boolean | undefined;
  otp: { delivery: 'log' | 'file' | 'webhook'; outbox: string; webhookUrl: string | undefined };
  secret: string | undefined;
  orgId: number;
  webDist: string | undefined;
  publicUrl: string;
  logLevel: string;
  rateLimit: { perMinute: number; otpSendPerIp: number; otpVerifyPerIp: number };
}

/** Raised when the environment is invalid; its message lists every problem. */
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
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    demo: e.UKT_DEMO,
    otp: {
      delivery: e.OTP_DELIVERY,
      outbox: resolve(e.OTP_OUTBOX ?? `${dataDir}/otp-outbox.jsonl`),
      webhookUrl: e.OTP_WEBHOOK_URL,
    },
    secret: e.UKT_SECRET,
    orgId: e.UKT_ORG_ID,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      otpSendPerIp: e.OTP_SEND_PER_IP,
      otpVerifyPerIp: e.OTP_VERIFY_PER_IP,
    },
  };
}
