import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyProblem, waitForCaddy } from '../../src/launcher/caddy-start';
import { startChild } from '../../src/launcher/processes';
import { freePort } from '../support/server-process';

// When the launcher counts its Caddy as up (docs/decisions/152): another Caddy answering on the
// port (a venue in another window) must not make it print "UKT Penguji berjalan." while its own
// Caddy is ending because the port is taken. The processes here stand in for Caddy: node scripts
// that write Caddy's log lines.

describe('waiting for our own Caddy', () => {
  let dir: string;
  let other: Server;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-caddy-start-'));
    port = await freePort();
    // The Caddy of another window, answering every request on the port.
    other = createServer((_req, res) => res.end('lain'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const fake = (script: string) =>
    startChild('caddy', process.execPath, ['-e', script], { PATH: process.env.PATH }, join(dir, 'caddy.log'));

  it('another Caddy answers while ours ends on the taken port: not up, and said with the port', async () => {
    const ours = fake(
      `setTimeout(() => { console.error('{"level":"error","msg":"listen tcp :${port}: bind: address already in use"}'); process.exit(1); }, 700)`,
    );
    expect(await waitForCaddy(ours, 'ujian.test', '127.0.0.1', port, 10_000)).toBe(false);
    const said = await caddyProblem(ours.tail(), port, port + 1, 'linux');
    expect(said).toContain(`Caddy tidak dapat memakai port ${port} atau ${port + 1}`);
    expect(said).toContain('Hentikan program itu, lalu jalankan lagi.');
  });

  it('our Caddy says it serves and keeps running: up', async () => {
    const ours = fake(
      `console.error('{"level":"info","msg":"serving initial configuration"}'); setTimeout(() => {}, 20000)`,
    );
    try {
      expect(await waitForCaddy(ours, 'ujian.test', '127.0.0.1', port, 10_000)).toBe(true);
    } finally {
      await ours.stop(1_000);
    }
  });
});
