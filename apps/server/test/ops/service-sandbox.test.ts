import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API, API_PREFIX } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';
import { signInOverHttp } from '../support/process-login';
import { freePort, nodeArgs, type ServerProcess, startServer } from '../support/server-process';

// The server under the systemd unit's sandbox (deploy/ukt-penguji.service, docs/decisions/161):
// there is no systemd here to start it, so the test applies each option the unit sets that
// util-linux can give a process — a read-only system with only the data and backup folders
// writable, a private /tmp and /dev, no capabilities, no new privileges, an unprivileged user, the
// umask — and says which it could not apply. An examiner then signs in, takes a participant and
// saves a score through it, and the server has written nothing outside its folders.

const unit = readFileSync(join(ROOT_DIR, 'deploy/ukt-penguji.service'), 'utf8');
/** The unit's `Key=value` lines of [Service], the last one of a key winning as systemd reads them. */
const options = new Map(
  unit
    .split('\n')
    .filter((l) => /^[A-Z][A-Za-z]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const),
);

/** The options this test applies (each checked below to be in the unit as expected). */
const APPLIED = [
  'User',
  'Group',
  'NoNewPrivileges',
  'CapabilityBoundingSet',
  'AmbientCapabilities',
  'ProtectSystem',
  'ReadWritePaths',
  'PrivateTmp',
  'PrivateDevices',
  'UMask',
] as const;

/** Options of the unit that need systemd itself (seccomp filters, namespaces it sets up, cgroups). */
const NOT_APPLIED_HERE = [
  'SystemCallFilter',
  'SystemCallErrorNumber',
  'SystemCallArchitectures',
  'RestrictNamespaces',
  'RestrictAddressFamilies',
  'PrivateUsers',
  'ProtectProc',
  'ProcSubset',
  'ProtectClock',
  'ProtectHostname',
  'ProtectKernelLogs',
  'ProtectKernelTunables',
  'ProtectKernelModules',
  'ProtectControlGroups',
  'ProtectHome',
  'RestrictRealtime',
  'RestrictSUIDSGID',
  'LockPersonality',
  'RemoveIPC',
  'DevicePolicy',
] as const;

/** `text` as one word of sh. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The empty folders the app's checkout was bound aside on, removed after the tests. */
const asides: string[] = [];

/**
 * sh steps in a private mount namespace that make every mount read-only but /proc, /sys and /dev
 * (ProtectSystem=strict), bind the writable folders back (ReadWritePaths), give a private /tmp and
 * a /dev with only the pseudo-devices (PrivateTmp, PrivateDevices), then start the command as
 * `nobody` with no capabilities and no new privileges, under the unit's umask.
 */
function sandboxed(writable: string[], command: string[]): [string, ...string[]] {
  const devices = ['null', 'zero', 'full', 'random', 'urandom', 'tty'];
  // The unit's app lives in /opt; a checkout under /tmp (CI's clones) is carried into the private
  // /tmp: bound aside on an empty folder first, then moved back to its own path.
  const underTmp = ROOT_DIR.startsWith('/tmp/');
  const aside = underTmp ? mkdtempSync('/var/tmp/ukt-sandbox-app-') : '';
  if (aside) asides.push(aside);
  const carryApp = underTmp
    ? {
        before: [`mount -n --bind ${quoted(ROOT_DIR)} ${quoted(aside)}`],
        after: [`mkdir -p ${quoted(ROOT_DIR)}`, `mount -n --move ${quoted(aside)} ${quoted(ROOT_DIR)}`],
      }
    : { before: [], after: [] };
  const script = [
    'set -e',
    ...carryApp.before,
    ...writable.map((w) => `mount -n --bind ${quoted(w)} ${quoted(w)}`),
    // Every other mount read-only; the writable binds made writable again after.
    `for m in $(awk '{print $2}' /proc/self/mounts | sort -u); do case "$m" in /proc*|/sys*|/dev*) ;; *) mount -n -o remount,bind,ro "$m" 2>/dev/null || true ;; esac; done`,
    ...writable.map((w) => `mount -n -o remount,bind,rw ${quoted(w)}`),
    'mount -n -t tmpfs -o mode=1777 tmpfs /tmp',
    ...carryApp.after,
    // A /dev of the pseudo-devices alone, built aside and moved over the real one.
    'mkdir /tmp/.dev && mount -n -t tmpfs -o mode=755 tmpfs /tmp/.dev',
    ...devices.map((d) => `touch /tmp/.dev/${d} && mount -n --bind /dev/${d} /tmp/.dev/${d}`),
    'mount -n --move /tmp/.dev /dev',
    `umask ${options.get('UMask')}`,
    'exec setpriv --reuid=nobody --regid=nogroup --clear-groups --no-new-privs --bounding-set=-all --inh-caps=-all "$@"',
  ];
  return ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', script.join('\n'), 'sh', ...command];
}

describe.runIf(process.getuid?.() === 0)(
  'the server under the systemd unit sandbox',
  { timeout: 90_000 },
  () => {
    let data: string;
    let backups: string;
    let server: ServerProcess;
    let base: string;

    beforeAll(async () => {
      // Not under /tmp, which the sandbox replaces with its own.
      data = mkdtempSync('/var/tmp/ukt-sandbox-data-');
      backups = mkdtempSync('/var/tmp/ukt-sandbox-backup-');
      for (const dir of [data, backups]) chmodSync(dir, 0o777);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = startServer({
        command: sandboxed([data, backups], [process.execPath, ...nodeArgs('src/server.ts')]),
        env: {
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: data,
          DATABASE_URL: `sqlite:${join(data, 'ukt.db')}`,
          BACKUP_DIR: backups,
          UKT_DEMO: '1',
          OTP_DELIVERY: 'file',
          OTP_OUTBOX: join(data, 'otp.jsonl'),
          WEB_DIST: join(data, 'none'),
          // tsx keeps its cache in the private /tmp.
          TMPDIR: '/tmp',
        },
      });
      await server.listening();
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
      rmSync(data, { recursive: true, force: true });
      rmSync(backups, { recursive: true, force: true });
      for (const aside of asides.splice(0)) rmSync(aside, { recursive: true, force: true });
    });

    it('the unit sets every option applied here, and the rest are named', () => {
      expect(options.get('User')).toBe('ukt');
      expect(options.get('NoNewPrivileges')).toBe('yes');
      expect(options.get('CapabilityBoundingSet')).toBe('');
      expect(options.get('AmbientCapabilities')).toBe('');
      expect(options.get('ProtectSystem')).toBe('strict');
      expect(options.get('PrivateTmp')).toBe('yes');
      expect(options.get('PrivateDevices')).toBe('yes');
      for (const name of [...APPLIED, ...NOT_APPLIED_HERE]) expect(options.has(name), name).toBe(true);
      console.info(
        `Diterapkan di sini: ${APPLIED.join(', ')}.\nHanya oleh systemd (tidak diterapkan di tes ini): ${NOT_APPLIED_HERE.join(', ')}.`,
      );
    });

    it('serves an examiner: sign in, take a participant, save a score, read it back', async () => {
      const call = async (method: string, path: string, token: string, body?: unknown) => {
        const res = await fetch(`${base}${API_PREFIX}${path}`, {
          method,
          headers: { 'access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      };
      expect((await fetch(`${base}${API_PREFIX}${API.health.href()}`)).status).toBe(200);
      const token = await signInOverHttp(base, join(data, 'otp.jsonl'), '6281100000001');
      const list = await call('GET', '/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2', token);
      expect(list.status, list.text).toBe(200);
      const first = (JSON.parse(list.text) as { data: { id_siswa: number }[] }).data[0];
      expect(first).toBeDefined();
      const id = Number(first?.id_siswa);
      const took = await call('POST', API.siswaUpdate.href(id), token, { id_ukt: 1, sudah_tes: '1' });
      expect(took.status, took.text).toBe(200);
      const saved = await call('POST', API.nilai.href(), token, {
        id_siswa: id,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_jurus: 72,
        nilai_jurus_plus: 2,
      });
      expect(saved.status, saved.text).toBe(200);
      const read = await call('GET', `${API.nilai.href()}?id_siswa=${id}&id_ukt=1&id_tingkat=1`, token);
      expect(JSON.parse(read.text).data).toMatchObject({ nilai_jurus: 72, nilai_jurus_plus: 2 });
    });

    it('cannot write outside its data and backup folders', async () => {
      // The sandbox's own shell, as the server sees the files: the app folder is read-only.
      const probe = startServer({
        command: sandboxed(
          [data, backups],
          [
            'sh',
            '-c',
            `touch ${quoted(join(ROOT_DIR, 'sandbox-probe'))} 2>&1; touch ${quoted(join(data, 'probe'))} && echo data-ok`,
          ],
        ),
        env: {},
      });
      await probe.exited;
      expect(probe.output).toMatch(/Read-only file system/);
      expect(probe.output).toContain('data-ok');
      // Files the server made are its own (UMask=0077).
      const mode = statSync(join(data, 'ukt.db')).mode & 0o777;
      expect(mode).toBe(0o600);
    });
  },
);
