import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { runCaddy } from '@ukt/server/test-support/caddy';
import { type DomainCertificate, makeDomainCertificate } from '@ukt/server/test-support/domain-cert';
import { caddyPath, caddyWord } from '../../apps/server/src/launcher/plan';
import { freePort, ROOT } from './server';

// The server's tests and these share how Caddy is run and how a domain certificate is made: one
// code, imported by the package's name (docs/decisions/176).
export { type DomainCertificate, makeDomainCertificate };

/** The venue name the phones open; Chromium maps it to Caddy with --host-resolver-rules. */
export const VENUE_HOST = 'ujian.test';

/** Caddy running deploy/Caddyfile in front of a test server, as on a venue laptop. */
export interface TestCaddy {
  /** The app's address through Caddy: https://ujian.test:<port>. */
  origin: string;
  /** The plain-http site at the same name (root certificate download, redirects). */
  httpOrigin: string;
  /** The loopback address Caddy listens on, as Chromium's host-resolver rules write it. */
  address: string;
  /** A HOME for Chromium whose NSS database trusts the site's CA (Caddy's root, or the domain certificate's). */
  browserHome: string;
  /**
   * The root of Caddy's own CA (PEM), as the phones download it with `tls internal`. Caddy makes it
   * with a domain certificate too, and must not serve it then (docs/decisions/126).
   */
  rootPem: string;
  /** Stops Caddy and removes its certificates, its CA and the browser's HOME. */
  stop(): Promise<void>;
}

const CADDY = '/usr/bin/caddy';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two distinct free ports on `host` (Caddy's https and http ports). */
async function twoPorts(host: string): Promise<[number, number]> {
  const https = await freePort(host);
  for (;;) {
    const http = await freePort(host);
    if (http !== https) return [https, http];
  }
}

/**
 * Makes `home` a HOME for Chromium whose NSS database trusts the CA in `caFile` for web sites, as a
 * phone trusts Caddy's root once installed (`launch({ env: { HOME: home } })`); answers `home`.
 */
export function trustingBrowserHome(home: string, caFile: string): string {
  const nssdb = `sql:${join(home, '.pki/nssdb')}`;
  mkdirSync(join(home, '.pki/nssdb'), { recursive: true });
  execFileSync('certutil', ['-N', '--empty-password', '-d', nssdb]);
  execFileSync('certutil', ['-A', '-d', nssdb, '-t', 'C,,', '-n', 'ukt-caddy', '-i', caFile]);
  return home;
}

/** A certificate obtained before the event (UKT_TLS="CERT KEY"), and the CA a phone already trusts it by. */

/** How Caddy is started: the name phones open, the address it listens on, and the site's certificate. */
export interface CaddyOptions {
  /** UKT_HOST (default VENUE_HOST). */
  host?: string;
  /** UKT_BIND: one loopback address (default ::1). */
  address?: string;
  /** UKT_TLS="CERT KEY" instead of Caddy's own CA. */
  domain?: DomainCertificate;
}

/** Resolves when a TLS handshake for `servername` succeeds against `ca` (Caddy serves the site's certificate). */
function handshake(host: string, port: number, servername: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, servername, ca }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Caddy with the shipped deploy/Caddyfile (UKT_TLS=internal unless `options.domain`) on free
 * ports of the IPv6 loopback only (or `options.address`), proxying to `upstream` (host:port of the
 * app), with its CA, certificates and config in a fresh temporary directory; waits until the site's
 * certificate is served; makes an NSS database in a temporary HOME that trusts the site's CA, for
 * Chromium (`launch({ env: { HOME } })`).
 */
export async function startCaddy(upstream: string, options: CaddyOptions = {}): Promise<TestCaddy> {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: apt-get install caddy (see .ci/run).`);
  const { host = VENUE_HOST, address = '::1', domain } = options;
  const [httpsPort, httpPort] = await twoPorts(address);
  // A folder with a space and a non-ASCII letter, as on a laptop of "Budi Santoso" (docs/decisions/152).
  const dir = mkdtempSync(join(tmpdir(), 'ukt-caddy Budi Santoso ujián-'));
  const data = join(dir, 'data');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // Caddy's config autosave and anything else it keeps per user stay in the temporary directory.
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'xdg-data'),
    XDG_CONFIG_HOME: join(dir, 'xdg-config'),
    UKT_HOST: host,
    // Each certificate path quoted, as the venue launcher writes it.
    UKT_TLS: domain ? `${caddyWord(domain.cert)} ${caddyWord(domain.key)}` : 'internal',
    UKT_CADDY_DATA: caddyPath(data),
    UKT_UPSTREAM: upstream,
    UKT_BIND: address,
    UKT_HTTP_PORT: String(httpPort),
    UKT_HTTPS_PORT: String(httpsPort),
    UKT_CADDY_ADMIN: 'off',
  };
  const config = ['--adapter', 'caddyfile', '--config', join(ROOT, 'deploy/Caddyfile')];
  // Run as root, a Caddyfile without skip_install_trust would add a test CA to this machine's trust stores.
  const adapted = JSON.parse(
    execFileSync(CADDY, ['adapt', ...config], { env, encoding: 'utf8', stdio: 'pipe' }),
  );
  if (adapted.apps?.pki?.certificate_authorities?.local?.install_trust !== false) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      'deploy/Caddyfile lacks skip_install_trust: Caddy would change the trust stores of this machine.',
    );
  }
  const caddy = runCaddy([CADDY, 'run', ...config], dir, env);
  const { stop } = caddy;

  try {
    const root = join(data, 'pki/authorities/local/root.crt');
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (caddy.child.exitCode !== null)
        throw new Error(`caddy exited (${caddy.child.exitCode}):\n${caddy.stderr()}`);
      const ca = domain?.caPem ?? (existsSync(root) ? readFileSync(root, 'utf8') : null);
      if (existsSync(root) && ca && (await handshake(address, httpsPort, host, ca))) break;
      if (Date.now() > deadline)
        throw new Error(`caddy served no certificate within 20 s:\n${caddy.stderr()}`);
      await sleep(100);
    }
    const trusted = domain ? join(dir, 'domain-ca.crt') : root;
    if (domain) writeFileSync(trusted, domain.caPem);
    const browserHome = trustingBrowserHome(join(dir, 'browser-home'), trusted);
    return {
      origin: `https://${host}:${httpsPort}`,
      httpOrigin: `http://${host}:${httpPort}`,
      address: address.includes(':') ? `[${address}]` : address,
      browserHome,
      rootPem: readFileSync(root, 'utf8'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
