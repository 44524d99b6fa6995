import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config/env';
import type { OtpMessage, OtpSender } from '../../src/modules/auth/otp-delivery';

/** The databases the integration tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A started test app with what tests need to drive it. */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  pgSchema: string | undefined;
  /** Codes "sent" so far, newest last. */
  outbox: OtpMessage[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /** Logs a number in through the code flow and answers the token. */
  login(noWa: string, ip?: string): Promise<string>;
  close(): Promise<void>;
}

/** Config for a test: a temp data directory, silent logs, generous per-IP limits and the demo unless overridden. */
export function testConfig(dir: string, databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    UKT_SECRET: 'test-secret-0123456789abcdef0123456789',
    RATE_LIMIT_PER_MINUTE: '100000',
    OTP_SEND_PER_IP: '1000',
    OTP_VERIFY_PER_IP: '1000',
    // The demo, which the tests sign in with; a new database has none unless asked (docs/decisions/154).
    UKT_DEMO: '1',
    ...env,
  });
}

/** A fresh PostgreSQL schema for one test app, dropped again by the returned function. */
export async function freshSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** A PostgreSQL URL whose connections work in `schema` (for a process or the CLI, which take a URL). */
export function schemaUrl(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A database URL for a command-line test of the given kind: a SQLite file in `dir`, or a fresh
 * schema of TEST_DATABASE_URL (with `drop` to remove it).
 */
export async function freshDatabaseUrl(
  kind: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ url: string; drop?: () => Promise<void> }> {
  if (kind === 'sqlite') return { url: `sqlite:${join(dir, 'ukt.db')}` };
  const pgUrl = process.env.TEST_DATABASE_URL as string;
  const { schema, drop } = await freshSchema(pgUrl);
  return { url: schemaUrl(pgUrl, schema), drop };
}

/**
 * Starts the app on a fresh database of the given kind, with demo data unless env says otherwise.
 * With `share`, a second app on the same database, like a second process (the first owns the database).
 * `options` passes on what a test tunes (the SQLite lock wait, the session cache).
 */
export async function startApp(
  kind: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  share?: TestApp,
  options: Pick<AppOptions, 'sqliteBusyTimeoutMs' | 'sessionCacheMs'> = {},
): Promise<TestApp> {
  const dir = share?.config.dataDir ?? mkdtempSync(join(tmpdir(), 'ukt-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL as string;
  const pgSchema = !share && kind === 'postgres' ? await freshSchema(pgUrl) : undefined;
  const schemaName = share?.pgSchema ?? pgSchema?.schema;
  const config = testConfig(dir, kind === 'sqlite' ? `sqlite:${join(dir, 'ukt.db')}` : pgUrl, env);
  let now = Date.now();
  const outbox: OtpMessage[] = [];
  const sender: OtpSender = { wait: true, send: async (m) => void outbox.push(m) };
  const app = await buildApp(config, {
    ...options,
    clock: () => now,
    otpSender: sender,
    pgSchema: schemaName,
  });
  let ipCounter = 0;
  const t: TestApp = {
    app,
    config,
    pgSchema: schemaName,
    outbox,
    advance: (ms) => {
      now += ms;
    },
    async login(noWa, ip = `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) {
      const send = await app.inject({
        method: 'POST',
        url: `/uktNEW/api/auth/otp-login/1`,
        payload: { no_wa: noWa },
        remoteAddress: ip,
      });
      if (send.statusCode !== 200) throw new Error(`login send failed: ${send.body}`);
      const code = outbox.filter((m) => m.to === noWa).at(-1)?.code;
      const res = await app.inject({
        method: 'POST',
        url: `/uktNEW/api/auth/otp-login/cek/1`,
        payload: { no_wa: noWa, kode: code },
        remoteAddress: ip,
      });
      if (res.statusCode !== 200) throw new Error(`login verify failed: ${res.body}`);
      now += 61_000; // the next login of this number is past the resend wait
      return res.json().token as string;
    },
    async close() {
      await app.close();
      if (share) return;
      await pgSchema?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

/** Demo numbers (see src/demo/seed.ts). */
export const ADMIN = '6281100000001';
export const SITI = '6281100000002';
export const AGUS = '6281100000003';

/** A started app with the three demo examiners signed in: the committee admin, Siti, and Agus (dewan 2). */
export interface SignedInApp {
  t: TestApp;
  admin: string;
  siti: string;
  agus: string;
}

/**
 * Starts the app on a fresh database with demo data and signs every demo examiner in (the one
 * sign-in helper, like fastify/demo's injectWithLogin): `({ t, admin } = await startSignedIn(kind))`.
 */
export async function startSignedIn(
  kind: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<SignedInApp> {
  const t = await startApp(kind, env);
  return { t, admin: await t.login(ADMIN), siti: await t.login(SITI), agus: await t.login(AGUS) };
}

/** Injects a call under /uktNEW/api with a token. */
export function api(
  t: TestApp,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/uktNEW/api${path}`,
    headers: { ...(token ? { 'access-token': token } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The parsed JSON body of an injected answer. */
export function body(res: LightMyRequestResponse): {
  success: boolean;
  message?: string;
  [k: string]: unknown;
} {
  return res.json();
}
