import { execFile } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { promisify } from 'node:util';
import { type DiskSpace, diskSpace } from '../../lib/disk-space';
import { codeOf } from './check';
import { type PortHolder, portHolder } from './port-holder';

// What the pre-flight check asks of the machine, behind one interface so a test can put a failing
// side in place of one of them; everything else in a test runs against the real machine.

const run = promisify(execFile);

/** One address of this machine and the interface it belongs to. */
export interface LocalAddress {
  address: string;
  /** The interface's name: wlan0, Wi-Fi, en0 … */
  interface: string;
  /** Loopback (127.0.0.1, ::1): reachable from this machine only. */
  internal: boolean;
}

/** The machine as the checks see it. */
export interface Probes {
  /** Listens on the port on every address and closes again: null when that worked, else the error's code. */
  listen(port: number): Promise<string | null>;
  /** Who listens on the port: null when nobody is seen, {} when someone is but not who. */
  portHolder(port: number): Promise<PortHolder | null>;
  /** Every address the name resolves to, as the laptop's own resolver answers; throws (ENOTFOUND …) when none. */
  lookup(name: string): Promise<string[]>;
  /** This machine's addresses. */
  addresses(): LocalAddress[];
  /** What `caddy version` prints, run from the given program file. */
  caddyVersion(program: string): Promise<string>;
  /** The free and total space of the disk holding a path, or null when it cannot be read. */
  diskSpace(path: string): DiskSpace | null;
  /** The laptop's clock. */
  now(): Date;
}

function listen(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(codeOf(error) ?? String(error)));
    // No host: every address, IPv4 and IPv6, as Caddy listens by default.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

function addresses(): LocalAddress[] {
  return Object.entries(networkInterfaces()).flatMap(([name, list]) =>
    (list ?? []).map((a) => ({ address: a.address, interface: name, internal: a.internal })),
  );
}

/** The real machine. */
export const realProbes: Probes = {
  listen,
  portHolder: (port) => portHolder(port),
  lookup: async (name) => (await lookup(name, { all: true })).map((a) => a.address),
  addresses,
  caddyVersion: async (program) => {
    const { stdout } = await run(program, ['version'], { timeout: 15_000, windowsHide: true });
    return stdout;
  },
  diskSpace,
  now: () => new Date(),
};
