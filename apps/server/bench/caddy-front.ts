import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from './processes';
import { SERVER_DIR } from './server-build';

// Several machines behind one Caddy (docs/decisions/165), as the bench runs them on this one
// machine: deploy/Caddyfile.mesin-banyak, the very file an organisation installs, run by Caddy on a
// plain-http loopback port with every server as an upstream. Stopped with the bench's other children.

/** deploy/Caddyfile.mesin-banyak. */
export const CADDYFILE_MESIN_BANYAK = join(SERVER_DIR, '..', '..', 'deploy', 'Caddyfile.mesin-banyak');

/**
 * Starts Caddy in front of `upstreams` (http://127.0.0.1:PORT each), its files in `dir`; resolves to
 * its address once it answers /health through one of them.
 */
export async function startCaddyFront(
  upstreams: string[],
  dir: string,
  children: ChildProcess[],
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', CADDYFILE_MESIN_BANYAK], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_DATA_HOME: join(dir, 'xdg-data'),
      UKT_HOST: `http://127.0.0.1:${port}`,
      UKT_UPSTREAM: upstreams.map((u) => u.replace(/^http:\/\//, '')).join(' '),
      UKT_CADDY_DATA: join(dir, 'data'),
      UKT_BIND: '127.0.0.1',
      UKT_HTTP_PORT: String(port),
      UKT_HTTPS_PORT: String(await freePort()),
      UKT_CADDY_ADMIN: 'off',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  children.push(caddy);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/uktNEW/api/health`, caddy);
  return base;
}
