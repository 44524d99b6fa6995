import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// deploy/Caddyfile.mesin-banyak, as Caddy 2.6 (Debian's) turns it into its config: every machine
// of UKT_UPSTREAM an upstream, each asked /health, a request Caddy could not hand over tried on the
// others (docs/decisions/165). test/ops/two-machines.test.ts runs the same file in front of two servers.

const FILE = join(ROOT_DIR, 'deploy', 'Caddyfile.mesin-banyak');

describe('deploy/Caddyfile.mesin-banyak', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-caddy-banyak-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const adapt = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync('caddy', ['adapt', '--adapter', 'caddyfile', '--config', FILE], {
        env: { ...process.env, HOME: dir, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );

  it('several upstreams from UKT_UPSTREAM, health checks on /health, retries on the others, events unbuffered', () => {
    const config = adapt({ UKT_HOST: 'ukt.perguruan.or.id', UKT_UPSTREAM: '10.0.0.11:3000 10.0.0.12:3000' });
    const text = JSON.stringify(config);
    expect(text).toContain('"host":["ukt.perguruan.or.id"]');
    expect(text).toContain('"upstreams":[{"dial":"10.0.0.11:3000"},{"dial":"10.0.0.12:3000"}]');
    expect(text).toContain(
      '"active":{"expect_status":200,"interval":2000000000,"timeout":2000000000,"uri":"/uktNEW/api/health"}',
    );
    expect(text).toContain('"passive":{"fail_duration":30000000000}');
    expect(text).toContain('"selection_policy":{"policy":"round_robin"},"try_duration":10000000000');
    expect(text).toContain('"flush_interval":-1');
    expect(text).toContain('"max_size":32000000');
    expect(text).not.toContain('"handler":"encode"');
    // A domain: Caddy's automatic certificates, not its own CA.
    expect(JSON.stringify(config.apps.tls ?? {})).not.toContain('"module":"internal"');
  });

  it('one machine by default; a plain-http address on loopback as the test runs it', () => {
    expect(JSON.stringify(adapt({ UKT_HOST: 'ukt.lan' }))).toContain(
      '"upstreams":[{"dial":"127.0.0.1:3000"}]',
    );
    const plain = adapt({ UKT_HOST: 'http://127.0.0.1:8080', UKT_UPSTREAM: '127.0.0.1:3001 127.0.0.1:3002' });
    const servers = Object.values(plain.apps.http.servers) as { listen: string[] }[];
    expect(servers.flatMap((s) => s.listen)).toEqual([':8080']);
  });
});
