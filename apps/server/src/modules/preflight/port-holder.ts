import { execFile } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';

// Which program listens on a port, so the check can say "dipakai oleh nginx (pid 812)" instead of
// "sudah dipakai" (docs/decisions/131). Each platform has its own source; any failure means the
// holder is unknown and the check says "program lain".

const run = promisify(execFile);

/** A program seen listening on a port; pid and name are missing when the listener's owner cannot be read. */
export interface PortHolder {
  pid?: number;
  name?: string;
}

/** The inodes of the listening sockets on `port` in a /proc/net/tcp or tcp6 table. */
export function listeningInodes(table: string, port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
    .map((f) => f[9] as string)
    .filter((inode) => inode !== undefined && inode !== '0');
}

/**
 * A process's name as `ps -o args` starts it: the file it was started as (argv[0]), else its main
 * thread's name. Node 24 names its main thread "MainThread", so `comm` alone would hide a program.
 */
async function processName(pid: string): Promise<string> {
  const argv0 = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0] ?? '';
  if (argv0) return basename(argv0);
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
}

/** Linux: the socket's inode from /proc/net/tcp{,6}, then the process with that socket among its files. */
async function linuxHolder(port: number): Promise<PortHolder | null> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const inode of listeningInodes(text, port)) inodes.add(`socket:[${inode}]`);
  }
  if (inodes.size === 0) return null;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Another user's files are closed to a normal user: that process stays unknown.
    const fds = await readdir(`/proc/${entry}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${entry}/fd/${fd}`).catch(() => '');
      if (inodes.has(target)) {
        const name = await processName(entry);
        return { pid: Number(entry), ...(name ? { name } : {}) };
      }
    }
  }
  return {};
}

/**
 * The pid listening on `port` in `netstat -ano` output. A listening socket's foreign address is
 * 0.0.0.0:0 or [::]:0; the state column is not read, as Windows translates it.
 */
export function netstatPid(output: string, port: number): number | null {
  for (const line of output.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== 'TCP' || !f[1]?.endsWith(`:${port}`)) continue;
    if (f[2] !== '0.0.0.0:0' && f[2] !== '[::]:0') continue;
    const pid = Number(f.at(-1));
    if (Number.isInteger(pid)) return pid;
  }
  return null;
}

/** The image name in `tasklist /FO CSV /NH` output: its first quoted field. */
export function tasklistName(output: string): string | null {
  return /^"([^"]+)"/m.exec(output)?.[1] ?? null;
}

/** The first process in `lsof -F pc` output: `p<pid>` then `c<command>` lines. */
export function lsofHolder(output: string): PortHolder | null {
  const pid = /^p(\d+)$/m.exec(output)?.[1];
  if (!pid) return null;
  const name = /^c(.+)$/m.exec(output)?.[1];
  return { pid: Number(pid), ...(name ? { name } : {}) };
}

async function windowsHolder(port: number): Promise<PortHolder | null> {
  const { stdout } = await run('netstat', ['-ano'], { timeout: 10_000, windowsHide: true });
  const pid = netstatPid(stdout, port);
  if (pid === null) return null;
  const tasks = await run('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'], {
    timeout: 10_000,
    windowsHide: true,
  }).catch(() => ({ stdout: '' }));
  const name = tasklistName(tasks.stdout);
  return { pid, ...(name ? { name } : {}) };
}

async function macHolder(port: number): Promise<PortHolder | null> {
  // lsof exits 1 when nothing listens.
  const { stdout } = await run('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-F', 'pc'], {
    timeout: 10_000,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return lsofHolder(stdout);
}

/** Who listens on `port` on this machine: null when nobody is seen, {} when someone is but not who. */
export async function portHolder(port: number, platform = process.platform): Promise<PortHolder | null> {
  try {
    if (platform === 'linux') return await linuxHolder(port);
    if (platform === 'win32') return await windowsHolder(port);
    if (platform === 'darwin') return await macHolder(port);
  } catch {
    // the tool is missing or failed: unknown
  }
  return null;
}
