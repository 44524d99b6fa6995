import { closeSync, fstatSync, ftruncateSync, openSync, readdirSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// A small disk for one process: a tmpfs mounted in a private mount namespace of its own (unshare, as
// root here and in CI), so a test can run a server or the CLI out of space without touching the
// machine's disks. The tmpfs goes with the namespace; from outside, the test reaches it through
// /proc/<pid>/root, which shows the process's view of the files.

/** A program and its arguments. */
type Command = readonly [program: string, ...args: string[]];

/** The file that fills a disk; what is left on a disk never counts it. */
const FILLER = 'pengisi';

/** Where a command run to its end says what its disk held (filesLeftAfter). */
const LEFT = 'tersisa di disk kecil:';

/** A tmpfs of sizeMb at `at` (a folder that exists), and what is put on it before the command starts. */
export interface SmallDisk {
  at: string;
  sizeMb: number;
  /** Files written on it first, name → one line of text. */
  files?: Record<string, string>;
  /** Filled to the last byte first (FILLER), for a command that ends too soon to be filled from outside. */
  full?: boolean;
}

/** `text` as one word of sh. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** unshare around `sh -c script`, with `command` as the script's "$@". */
function inNamespace(disk: SmallDisk, script: string, command: Command): Command {
  const at = quoted(disk.at);
  const steps = [
    `mount -t tmpfs -o size=${disk.sizeMb}m tmpfs ${at}`,
    ...Object.entries(disk.files ?? {}).map(
      ([name, text]) => `printf '%s\\n' ${quoted(text)} > ${quoted(join(disk.at, name))}`,
    ),
    ...(disk.full
      ? [`{ dd if=/dev/zero of=${quoted(join(disk.at, FILLER))} bs=256k 2>/dev/null || true; }`]
      : []),
    script,
  ];
  return ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', steps.join(' && '), 'sh', ...command];
}

/** `command` (a server) on its own small disk; it replaces the shell, so its pid is the server's. */
export function onSmallDisk(disk: SmallDisk, command: Command): Command {
  return inNamespace(disk, 'exec "$@"', command);
}

/** `command` run to its end on its own small disk, saying afterwards what the disk held (filesLeftAfter). */
export function runOnSmallDisk(disk: SmallDisk, command: Command): Command {
  const listing = `$(ls -A ${quoted(disk.at)} | grep -vx ${FILLER} | tr '\\n' '/')`;
  return inNamespace(disk, `{ "$@"; code=$?; echo "${LEFT}${listing}"; exit $code; }`, command);
}

/** What the small disk of a runOnSmallDisk command held when it ended, the filler aside, from its output. */
export function filesLeftAfter(output: string): string[] {
  const line = output.split('\n').find((l) => l.startsWith(LEFT));
  if (line === undefined) throw new Error(`the command did not say what its disk held:\n${output}`);
  return line.slice(LEFT.length).split('/').filter(Boolean);
}

/** The small disk at `at` as the running process `pid` sees it. */
function diskOf(pid: number | undefined, at: string): string {
  return join(`/proc/${pid}/root`, at);
}

/** What the small disk of a running process holds besides the filler. */
export function filesOn(pid: number | undefined, at: string): string[] {
  return readdirSync(diskOf(pid, at)).filter((name) => name !== FILLER);
}

/**
 * Fills the small disk of a running process to the last byte (adding to the filler), then gives back
 * `leave` bytes; throws unless the disk ran out of space (ENOSPC).
 */
export function fillDisk(pid: number | undefined, at: string, leave = 0): void {
  const fd = openSync(join(diskOf(pid, at), FILLER), 'a');
  const block = Buffer.alloc(256 * 1024, 1);
  try {
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    }
    ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leave));
  } finally {
    closeSync(fd);
  }
}

/** Removes the filler: the space fillDisk took is back. */
export function freeDisk(pid: number | undefined, at: string): void {
  unlinkSync(join(diskOf(pid, at), FILLER));
}
