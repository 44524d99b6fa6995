import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { ROOT_DIR } from '../support/paths';

// The server set-up's own files (docs/pasang-server.md): the settings the systemd unit and its
// sample env file give the app, and deploy/ukt, which runs the committee command with them.
// systemd-analyze verify of the unit is in deploy-files.test.ts.

const DEPLOY = join(ROOT_DIR, 'deploy');
const unit = readFileSync(join(DEPLOY, 'ukt-penguji.service'), 'utf8');

/** KEY=value lines of a unit's Environment= settings or of an env file, as an environment. */
function envOf(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as [string, string]),
  );
}

describe('deploy/ukt-penguji.service and its env file', () => {
  it('configure the app behind Caddy: loopback only, the proxy trusted by address, https, backups on', () => {
    const fromUnit = envOf(
      unit
        .split('\n')
        .filter((l) => l.startsWith('Environment='))
        .map((l) => l.slice('Environment='.length)),
    );
    const fromFile = envOf(readFileSync(join(DEPLOY, 'ukt-penguji.env.example'), 'utf8').split('\n'));
    const config = loadConfig({ ...fromUnit, ...fromFile });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.trustProxy).toBe('127.0.0.1');
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.caCertUrl).toBeNull();
    expect(config.demo).toBe(false);
    expect(config.dataDir).toBe('/var/lib/ukt-penguji');
    expect(config.databaseUrl).toBe('sqlite:/var/lib/ukt-penguji/ukt.db');
    expect(config.backup).toMatchObject({ dir: '/var/backups/ukt-penguji', intervalMinutes: 30 });
    // The service may write where the app writes, and nowhere else.
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/ukt-penguji \/var\/backups\/ukt-penguji$/m);
    expect(unit).toMatch(/^User=ukt$/m);
  });
});

describe('deploy/ukt', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cli-wrapper-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // runuser, which takes the service's user, needs root (CI runs as root); others get sudo's prompt.
  it.skipIf(process.getuid?.() !== 0)(
    "runs the command as the unit's user with the unit's settings, the env file's winning",
    () => {
      // An install folder whose CLI reports what it was started with.
      const app = join(dir, 'opt');
      mkdirSync(join(app, 'apps/server/dist'), { recursive: true });
      writeFileSync(
        join(app, 'apps/server/dist/cli.js'),
        `const e = process.env;
         console.log(JSON.stringify({ args: process.argv.slice(2), user: require('node:os').userInfo().username,
           DATA_DIR: e.DATA_DIR, DATABASE_URL: e.DATABASE_URL, BACKUP_DIR: e.BACKUP_DIR, TRUST_PROXY: e.TRUST_PROXY,
           PUBLIC_URL: e.PUBLIC_URL, INIT_CWD: e.INIT_CWD }));`,
      );
      writeFileSync(join(dir, 'package.json'), '{"type":"commonjs"}');
      writeFileSync(
        join(dir, 'ukt-penguji.env'),
        'PUBLIC_URL=https://ukt.lan\n# a comment\nDATABASE_URL=postgres://ukt@127.0.0.1:5432/ukt\n',
      );
      writeFileSync(
        join(dir, 'ukt-penguji.service'),
        unit
          .replace(/^WorkingDirectory=.*$/m, `WorkingDirectory=${app}`)
          .replace(/^User=.*$/m, `User=${userInfo().username}`)
          .replace(/^EnvironmentFile=.*$/m, `EnvironmentFile=${join(dir, 'ukt-penguji.env')}`),
      );
      const run = spawnSync('sh', [join(DEPLOY, 'ukt'), 'restore', 'cadangan.tar.gz', '--force'], {
        cwd: dir,
        env: { PATH: process.env.PATH, UKT_UNIT_FILE: join(dir, 'ukt-penguji.service') },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        args: ['restore', 'cadangan.tar.gz', '--force'],
        user: userInfo().username,
        DATA_DIR: '/var/lib/ukt-penguji',
        DATABASE_URL: 'postgres://ukt@127.0.0.1:5432/ukt',
        BACKUP_DIR: '/var/backups/ukt-penguji',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: 'https://ukt.lan',
        INIT_CWD: dir,
      });
    },
  );
});
