import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogLine } from '../../src/launcher/processes';
import { NO_ADMIN_LINE } from '../../src/modules/organisasi/mulai.service';
import { plainLogLine } from '../../src/plugins/terminal-log';
import { freePort, nodeArgs, type ServerProcess, startServer } from '../support/server-process';

// Plain Indonesian lines on a terminal, JSON where a machine reads (docs/decisions/163): the same
// server started under a pseudo-terminal (util-linux `script`) and with its stdout a pipe.

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(tty: boolean): Promise<{ server: ServerProcess; base: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-log-'));
  dirs.push(dir);
  // An empty settings file, so a ukt.env beside the app cannot change what this server does.
  writeFileSync(join(dir, 'ukt.env'), '');
  const env = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${join(dir, 'ukt.db')}`,
    UKT_DEMO: '0',
    LOG_LEVEL: 'debug',
    WEB_DIST: join(dir, 'tanpa-web'),
    UKT_ENV_FILE: join(dir, 'ukt.env'),
  };
  const node = [process.execPath, ...nodeArgs('src/server.ts')].map(quote).join(' ');
  const server = startServer({
    env,
    // `script` gives the server a pseudo-terminal as stdout and copies what it shows to ours.
    command: tty ? ['script', '-qfec', node, '/dev/null'] : undefined,
  });
  servers.push(server);
  return { server, base: await server.listening() };
}

describe('the server log', { timeout: 120_000 }, () => {
  it('on a terminal: a short time, the level in Indonesian, the message; a request as one line', async () => {
    const { server, base } = await start(true);
    expect((await fetch(`${base}/uktNEW/api/health`)).status).toBe(200);
    await server.waitFor(/GET \/uktNEW\/api\/health 200 \d+ ms/);
    const lines = server.output.split(/\r?\n/).filter(Boolean);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d info {7}Server listening at http:/));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d peringatan ${NO_ADMIN_LINE.slice(0, 30)}`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/uktNEW\/api\/health 200 \d+ ms$/),
    );
    // No JSON, and the request's start is not a line of its own.
    expect(server.output).not.toContain('{"level"');
    expect(server.output).not.toContain('incoming request');
  });

  it('through a pipe: one JSON object a line, which the venue launcher still reads', async () => {
    const { server, base } = await start(false);
    expect((await fetch(`${base}/uktNEW/api/health`)).status).toBe(200);
    await server.waitFor(/"msg":"request completed"/);
    const entries = server.output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } });
    expect(entries.find((e) => e.msg === 'request completed')?.res?.statusCode).toBe(200);
    const warning = server.output.split('\n').find((line) => line.includes(NO_ADMIN_LINE.slice(0, 30)));
    expect(appLogLine(warning ?? '')).toBe(`Peringatan: ${NO_ADMIN_LINE}`);
  });
});

describe('plainLogLine', () => {
  const at = new Date(2026, 11, 7, 9, 5, 3).getTime();
  it('shows an error with its stack indented and other fields as key=value', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      pid: 1,
      hostname: 'h',
      msg: 'Cadangan gagal',
      folder: '/mnt/usb',
      err: { message: 'EIO', stack: 'Error: EIO\n    at x' },
    });
    expect(plainLogLine(line)).toBe(
      '09:05:03 galat      Cadangan gagal (folder=/mnt/usb)\n    Error: EIO\n        at x',
    );
  });
  it('passes a line that is not JSON on as it is', () => {
    expect(plainLogLine('Tabel dibuat\n')).toBe('Tabel dibuat');
  });
});
