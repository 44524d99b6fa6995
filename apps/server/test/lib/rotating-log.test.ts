import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild } from '../../src/launcher/processes';
import { openRotatingLog } from '../../src/lib/rotating-log';

// The venue's log folder stays bounded and keeps what it held across restarts (docs/decisions/163).

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const line = (n: number) => `${JSON.stringify({ level: 30, msg: `baris ${String(n).padStart(4, '0')}` })}\n`;

describe('rotating log', () => {
  it('sets the file aside at the limit, keeps five older files and drops the oldest', () => {
    const file = join(folder(), 'log', 'ukt-penguji.log');
    const log = openRotatingLog(file, { maxBytes: 1000, keep: 5 });
    // Each line is 35 bytes: 28 lines a file, 200 lines make 8 files' worth.
    for (let n = 0; n < 200; n++) log.write(line(n));
    log.end();
    const names = readdirSync(join(file, '..')).sort();
    expect(names).toEqual([
      'ukt-penguji.log',
      'ukt-penguji.log.1',
      'ukt-penguji.log.2',
      'ukt-penguji.log.3',
      'ukt-penguji.log.4',
      'ukt-penguji.log.5',
    ]);
    for (const name of names) expect(statSync(join(file, '..', name)).size).toBeLessThanOrEqual(1000);
    // The newest lines are in the current file, the ones before it in .1, and the first are gone.
    expect(readFileSync(file, 'utf8')).toContain('baris 0199');
    const previous = readFileSync(`${file}.1`, 'utf8').trim().split('\n');
    const current = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(previous.at(-1) ?? '').msg).toBe(
      `baris ${String(199 - current.length).padStart(4, '0')}`,
    );
    const kept = names.map((name) => readFileSync(join(file, '..', name), 'utf8')).join('');
    expect(kept).not.toContain('baris 0000');
  });

  it('appends across a restart, and rotates on open a file already past the limit', () => {
    const file = join(folder(), 'caddy.log');
    const first = openRotatingLog(file, { maxBytes: 1000 });
    first.write('pertama\n');
    first.end();
    const second = openRotatingLog(file, { maxBytes: 1000 });
    second.write('kedua\n');
    second.end();
    expect(readFileSync(file, 'utf8')).toBe('pertama\nkedua\n');
    expect(existsSync(`${file}.1`)).toBe(false);

    const big = openRotatingLog(file, { maxBytes: 10_000 });
    big.write('x'.repeat(2000));
    big.end();
    const small = openRotatingLog(file, { maxBytes: 1000 });
    small.write('sesudah\n');
    small.end();
    expect(readFileSync(file, 'utf8')).toBe('sesudah\n');
    expect(readFileSync(`${file}.1`, 'utf8')).toBe(`pertama\nkedua\n${'x'.repeat(2000)}`);
  });

  it('a write that cannot land is lost without throwing (the launcher keeps running)', () => {
    const dir = folder();
    const file = join(dir, 'log', 'app.log');
    const log = openRotatingLog(file, { maxBytes: 50 });
    log.write('satu\n');
    rmSync(join(dir, 'log'), { recursive: true });
    expect(() => log.write('x'.repeat(60))).not.toThrow();
    log.end();
    expect(existsSync(file)).toBe(false);
  });

  it("the venue launcher's children write through it: the app's lines are kept across two starts", async () => {
    const file = join(folder(), 'log', 'ukt-penguji.log');
    const run = async (text: string) => {
      const child = startChild(
        'app',
        process.execPath,
        ['-e', `process.stdout.write(${JSON.stringify(text)})`],
        process.env,
        file,
      );
      await child.exited;
      // The log is closed once the process has ended.
      await new Promise((r) => setTimeout(r, 50));
    };
    await run(line(1));
    await run(line(2));
    expect(readFileSync(file, 'utf8')).toBe(line(1) + line(2));
  });
});
