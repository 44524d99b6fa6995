import { request } from 'node:http';
import { checkPorts } from '../modules/preflight/ports-check';
import { describeChecks } from '../modules/preflight/preflight.service';
import { realProbes } from '../modules/preflight/probes';
import type { Child } from './processes';

// Caddy as the venue launcher starts it (docs/decisions/134, 152): up only once our own Caddy has
// said it serves and still runs, never because another Caddy answered on the port; its failure said
// in words a volunteer can act on.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Caddy's log line once every listener is open (2.0 up to 2.11). */
const SERVING = /serving initial configuration/;

/** Whether Caddy's plain-http site for `nama` answers on `port` of this laptop. */
export function caddyAnswers(nama: string, address: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const req = request(
      { host: address, port, path: '/ukt-ca.crt', headers: { host: nama }, timeout: 2_000 },
      (res) => {
        res.resume();
        done(true);
      },
    );
    req.once('error', () => done(false));
    req.once('close', () => done(false));
    req.once('timeout', () => {
      done(false);
      req.destroy();
    });
    req.end();
  });
}

const runs = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

/**
 * Waits until the Caddy we started serves: its log says so and its http site answers, and it still
 * runs a moment later (a port it could not take ends it right after the first listener opened).
 */
export async function waitForCaddy(
  caddy: Child,
  nama: string,
  address: string,
  httpPort: number,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let answered = false;
  let answeredAt = 0;
  while (runs(caddy) && Date.now() < deadline) {
    if (!answered && (await caddyAnswers(nama, address, httpPort))) {
      answered = true;
      answeredAt = Date.now();
    }
    // An older or newer Caddy may word its log otherwise: two seconds of running after answering do too.
    if (answered && (SERVING.test(caddy.log()) || Date.now() - answeredAt > 2_000)) {
      await sleep(300);
      return runs(caddy);
    }
    await sleep(200);
  }
  return false;
}

/** Caddy's failure in words a volunteer can act on, from the end of its log; a taken port names its holder. */
export async function caddyProblem(
  tail: string,
  httpPort: number,
  httpsPort: number,
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  if (/address already in use/i.test(tail)) {
    // Taken after the check ran: the same lines the check prints, with the holder and what to do.
    const checks = (
      await checkPorts([...new Set([httpPort, httpsPort])], realProbes, platform, {
        launcher: true,
      })
    ).filter((c) => c.ok !== true);
    const lines = checks.length > 0 ? describeChecks(checks, '').slice(0, -1) : [];
    return [
      `Caddy tidak dapat memakai port ${httpPort} atau ${httpsPort}: program lain mengambilnya saat aplikasi dimulai.`,
      ...lines,
      'Hentikan program itu, lalu jalankan lagi.',
    ].join('\n');
  }
  if (/permission denied|bind: access/i.test(tail)) {
    const how =
      platform === 'win32'
        ? 'jalankan mulai-ukt.cmd dengan klik kanan → Run as administrator'
        : platform === 'darwin'
          ? 'jalankan dengan sudo'
          : 'berikan izinnya sekali: sudo setcap cap_net_bind_service=+ep "$(command -v caddy)"';
    return `Caddy tidak boleh memakai port ${httpPort} dan ${httpsPort}: ${how}.`;
  }
  if (/ENOENT|executable file not found|not found/i.test(tail))
    return 'Program Caddy tidak ditemukan. Pasang Caddy (docs/pasang-venue.md, langkah 1) atau sebutkan letaknya dengan --caddy.';
  return 'Caddy berhenti. Lihat log-nya di folder data (log/caddy.log).';
}
