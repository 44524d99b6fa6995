import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// The files a committee installs from deploy/ (DESIGN §14), checked by the tools that will read
// them: systemd's own verifier, and Caddy 2.6 (Debian's) turning the Caddyfile into its config.

const DEPLOY = join(ROOT_DIR, 'deploy');

describe('deploy/', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-deploy-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the systemd unit passes systemd-analyze verify without a word', () => {
    copyFileSync(join(DEPLOY, 'ukt-penguji.service'), join(dir, 'ukt-penguji.service'));
    const run = spawnSync('systemd-analyze', ['verify', './ukt-penguji.service'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.error, 'systemd-analyze is missing (Debian: systemd)').toBeUndefined();
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  });

  it('the systemd unit scores 2.0 or less in systemd-analyze security', () => {
    copyFileSync(join(DEPLOY, 'ukt-penguji.service'), join(dir, 'ukt-penguji.service'));
    const run = spawnSync('systemd-analyze', ['security', '--offline=true', './ukt-penguji.service'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const score = /Overall exposure level for ukt-penguji\.service: (\d+\.\d+)/.exec(run.stdout);
    expect(score, `${run.stdout}${run.stderr}`).not.toBeNull();
    expect(Number(score?.[1])).toBeLessThanOrEqual(2.0);
  });

  /** The JSON config Caddy makes of deploy/Caddyfile with these variables. */
  const adapt = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync('caddy', ['adapt', '--adapter', 'caddyfile', '--config', join(DEPLOY, 'Caddyfile')], {
        env: { ...process.env, HOME: dir, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );

  it('the Caddyfile: the site from UKT_HOST, the app from UKT_UPSTREAM, events unbuffered', () => {
    const config = adapt({ UKT_HOST: 'ukt.lan', UKT_UPSTREAM: '127.0.0.1:3100', UKT_HTTPS_PORT: '8443' });
    const text = JSON.stringify(config);
    const servers = Object.values(config.apps.http.servers) as { listen: string[] }[];
    expect(servers.flatMap((s) => s.listen)).toEqual(expect.arrayContaining([':80', ':8443']));
    expect(text).toContain('"host":["ukt.lan"]');
    expect(text).toMatch(
      /"flush_interval":-1,"handler":"reverse_proxy","upstreams":\[\{"dial":"127\.0\.0\.1:3100"\}\]/,
    );
    expect(text).not.toContain('"handler":"encode"');
    // The phones' root certificate over plain http, everything else redirected to https.
    expect(text).toContain('"path":["/ukt-ca.crt"]');
    expect(text).toContain('"uri":"/root.crt"');
    expect(text).toContain('"Location":["https://{http.request.host}:8443{http.request.uri}"]');
    // Caddy's own CA by default (a venue laptop).
    expect(JSON.stringify(config.apps.tls)).toContain('"module":"internal"');
  });

  it('the Caddyfile: the default upstream, an e-mail for automatic certificates, or a certificate file', () => {
    const acme = JSON.stringify(
      adapt({ UKT_HOST: 'ukt.perguruan.or.id', UKT_TLS: 'panitia@perguruan.or.id' }),
    );
    expect(acme).toContain('"dial":"127.0.0.1:3000"');
    expect(acme).toContain('panitia@perguruan.or.id');
    expect(acme).not.toContain('"module":"internal"');
    const files = JSON.stringify(
      adapt({ UKT_HOST: 'ukt.lan', UKT_TLS: '/etc/ukt/cert.pem /etc/ukt/key.pem' }),
    );
    expect(files).toContain('"certificate":"/etc/ukt/cert.pem","key":"/etc/ukt/key.pem"');
  });
});
