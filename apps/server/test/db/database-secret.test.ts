import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { runCli } from '../../src/cli/run';
import { ConfigError } from '../../src/config/env';
import { signCardCode } from '../../src/lib/card-code';
import type { OtpMessage } from '../../src/modules/auth/otp-delivery';
import { createBackup } from '../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../src/modules/backup/backup-source';
import { restoreBackup } from '../../src/modules/backup/restore.service';
import { ADMIN, DATABASES, freshSchema, SITI, testConfig } from '../support/app';

// One key for every machine of a database (docs/decisions/159): two servers on one database, each
// with its own DATA_DIR, as two machines are. The second gets the first one's secret.key or refuses
// to start, saying what to copy; then a session or login link made on either works on the other.

/** A machine: a server with its own data directory on the shared database, signing in with codes it keeps. */
interface Machine {
  app: FastifyInstance;
  dir: string;
  login(noWa: string): Promise<string>;
}

describe.each(DATABASES)('the key of two machines on %s', (kind) => {
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  let url = '';
  let schema: { schema: string; drop: () => Promise<void> } | undefined;
  let first: Machine;
  // One clock for every machine, moved past the code resend wait after each sign-in.
  let now = Date.now();

  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-mesin-'));
    dirs.push(dir);
    return dir;
  };

  /** Starts a server on the shared database; env adds to (or, with undefined, removes from) the test settings. */
  async function machine(dir: string, env: Record<string, string | undefined> = {}): Promise<Machine> {
    const settings = { UKT_SECRET: undefined, UKT_DEMO: '1', ...env };
    const config = testConfig(dir, url, settings as unknown as Record<string, string>);
    const outbox: OtpMessage[] = [];
    const app = await buildApp(config, {
      pgSchema: schema?.schema,
      clock: () => now,
      otpSender: { wait: true, send: async (m) => void outbox.push(m) },
    });
    apps.push(app);
    let ip = 0;
    return {
      app,
      dir,
      async login(noWa) {
        const remoteAddress = `10.7.0.${++ip}`;
        await app.inject({
          method: 'POST',
          url: '/uktNEW/api/auth/otp-login/1',
          payload: { no_wa: noWa },
          remoteAddress,
        });
        const kode = outbox.filter((m) => m.to === noWa).at(-1)?.code;
        const res = await app.inject({
          method: 'POST',
          url: '/uktNEW/api/auth/otp-login/cek/1',
          payload: { no_wa: noWa, kode },
          remoteAddress,
        });
        expect(res.statusCode).toBe(200);
        now += 61_000;
        return res.json().token as string;
      },
    };
  }

  const refusal = async (dir: string, env: Record<string, string | undefined> = {}) => {
    const error = await machine(dir, env).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  };

  beforeAll(async () => {
    const dbDir = newDir();
    if (kind === 'postgres') {
      url = process.env.TEST_DATABASE_URL as string;
      schema = await freshSchema(url);
    } else {
      url = `sqlite:${join(dbDir, 'ukt.db')}`;
    }
    first = await machine(newDir());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await schema?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a machine without a key refuses to start on the database, makes none, and starts once given the first one’s secret.key', async () => {
    const dir = newDir();
    const message = await refusal(dir);
    expect(message).toBe(
      `Mesin ini belum punya kunci rahasia (tidak ada ${join(dir, 'secret.key')} dan UKT_SECRET tidak diatur), padahal database ini sudah dipakai mesin lain dengan kuncinya: salin secret.key dari mesin pertama ke DATA_DIR (${dir}) atau atur UKT_SECRET yang sama dengan mesin pertama, lalu mulai lagi.`,
    );
    expect(existsSync(join(dir, 'secret.key'))).toBe(false);

    copyFileSync(join(first.dir, 'secret.key'), join(dir, 'secret.key'));
    const second = await machine(dir);
    // A session opened on the first machine is good on the second, and the other way round.
    const adminOnFirst = await first.login(ADMIN);
    const kegiatan = (m: Machine, token: string) =>
      m.app.inject({
        method: 'GET',
        url: `/uktNEW/api${API.panitia.kegiatan.href()}`,
        headers: { 'access-token': token },
      });
    expect((await kegiatan(second, adminOnFirst)).statusCode).toBe(200);
    expect((await kegiatan(first, await second.login(ADMIN))).statusCode).toBe(200);

    // A participant card printed on the first machine scans on a phone whose roster came from the
    // second: the roster's card codes are the ones the first machine signs.
    const roster = await second.app.inject({
      method: 'GET',
      url: `/uktNEW/api${API.siswaRoster.href()}?id_ukt=1`,
      headers: { 'access-token': adminOnFirst },
    });
    expect(roster.statusCode).toBe(200);
    const cards = (roster.json().data.siswa as { id_siswa: number; kode_kartu: string }[]).slice(0, 5);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.kode_kartu).toBe(signCardCode(first.app.secret, 1, card.id_siswa));

    // A login link made on the first machine signs Siti in on the second.
    const siti = await first.app.inject({
      method: 'GET',
      url: `/uktNEW/api${API.panitia.penguji.href()}?cari=${SITI}`,
      headers: { 'access-token': adminOnFirst },
    });
    const idPemilih = (siti.json().data as { id_pemilih: number; no_wa: string }[]).find(
      (p) => p.no_wa === SITI,
    )?.id_pemilih as number;
    const link = await first.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.pengujiTautan.href(idPemilih)}`,
      headers: { 'access-token': adminOnFirst },
      payload: {},
    });
    expect(link.statusCode).toBe(200);
    const token = /\/ut\/([^/?]+)$/.exec(link.json().data.url as string)?.[1];
    const redeemed = await second.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.tokenLogin.route}`,
      payload: { data: token },
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data[0]).toMatchObject({ no_wa: SITI });
  });

  it('a machine with another key refuses to start, naming its key and what to copy', async () => {
    const other = newDir();
    expect(await refusal(other, { UKT_SECRET: 'kunci-lain-0123456789abcdef0123456789' })).toBe(
      `UKT_SECRET mesin ini berbeda dengan kunci database ini (kode sertifikat dan tautan login dari mesin lain tidak akan cocok): salin secret.key dari mesin pertama ke DATA_DIR (${other}) atau atur UKT_SECRET yang sama dengan mesin pertama, lalu mulai lagi.`,
    );
    // A secret.key of its own (made before it ever saw this database) is refused the same way.
    const own = newDir();
    writeFileSync(join(own, 'secret.key'), randomBytes(32).toString('hex'));
    expect(await refusal(own)).toMatch(
      new RegExp(`^Kunci rahasia ${join(own, 'secret.key')} mesin ini berbeda dengan kunci database ini`),
    );
    // The first machine's own key is the database's: it still starts.
    await (await machine(first.dir)).app.close();
  });

  it('a ukt command on a machine without the key refuses too, and makes no key', async () => {
    const dir = newDir();
    const cliUrl = new URL(url);
    if (schema) cliUrl.searchParams.set('options', `-c search_path=${schema.schema}`);
    const settings = { UKT_SECRET: undefined, LOG_LEVEL: 'silent' };
    const config = testConfig(
      dir,
      schema ? cliUrl.toString() : url,
      settings as unknown as Record<string, string>,
    );
    const out: string[] = [];
    const running = runCli(['link', ADMIN], config, { out: (l) => out.push(l), err: (l) => out.push(l) });
    await expect(running).rejects.toThrow(
      /^Mesin ini belum punya kunci rahasia .* salin secret\.key dari mesin pertama/,
    );
    expect(out).toEqual([]);
    expect(existsSync(join(dir, 'secret.key'))).toBe(false);
  });

  it('keeps only a fingerprint of the key in the database', async () => {
    const key = readFileSync(join(first.dir, 'secret.key'), 'utf8').trim();
    const rows = await first.app.db.selectFrom('sidik_kunci').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sidik).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.sidik).not.toContain(key);
  });

  it('a restore into a new database and data folder brings the fingerprint with the key', async () => {
    const token = await first.login(ADMIN);
    const { file } = await createBackup(serverBackupSource(first.app), {
      reason: 'manual',
      out: join(newDir(), 'a.tar.gz'),
    });
    const to = newDir();
    await restoreBackup({ databaseUrl: `sqlite:${join(to, 'ukt.db')}`, dataDir: to }, file);
    const restoredUrl = url;
    url = `sqlite:${join(to, 'ukt.db')}`;
    const savedSchema = schema;
    schema = undefined;
    try {
      // The restored secret.key matches the restored fingerprint: the session taken before the
      // backup is good on the restored server.
      const restored = await machine(to);
      const res = await restored.app.inject({
        method: 'GET',
        url: `/uktNEW/api${API.panitia.kegiatan.href()}`,
        headers: { 'access-token': token },
      });
      expect(res.statusCode).toBe(200);
      expect(await refusal(to, { UKT_SECRET: 'kunci-lain-0123456789abcdef0123456789' })).toMatch(
        /^UKT_SECRET mesin ini berbeda dengan kunci database ini/,
      );
    } finally {
      url = restoredUrl;
      schema = savedSchema;
    }
  });
});
