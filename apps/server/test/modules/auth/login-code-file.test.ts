import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { followLoginCodes } from '../../../src/launcher/processes';
import { openLoginCodeFile } from '../../../src/modules/auth/login-code-file';
import { createOtpSender } from '../../../src/modules/auth/otp-delivery';
import { OTP_LIMITS } from '../../../src/modules/auth/otp-limits.repository';

// OTP_DELIVERY=file keeps a login code in plain text only while it works, five minutes
// (docs/decisions/157): each write and each start drop older lines, and the last ones leave when
// they end. The venue launcher's window, which follows the file, shows each new code once.

const MINUTE = 60_000;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ukt-kode-login-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (code: string, ageMs: number, to = '6281100000002') =>
  JSON.stringify({ to, code, text: `Kode ${code}`, at: new Date(Date.now() - ageMs).toISOString() });
const codesIn = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { code: string }).code);
/** A logger that keeps quiet: nothing here should be logged. */
const silent = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the login-code file', () => {
  it('lives five minutes, the life of a code', () => {
    expect(OTP_LIMITS.ttlMs).toBe(5 * MINUTE);
  });

  it('drops, at the start of the app, the codes older than their life', async () => {
    const file = join(dir, 'mulai.jsonl');
    writeFileSync(file, `${line('1111', 6 * MINUTE)}\n${line('2222', MINUTE)}\nbukan baris kode\n`);
    const sender = createOtpSender({ delivery: 'file', codeFile: file, webhookUrl: undefined }, silent);
    // The clean-up at the start is not awaited by the app; on a busy machine it may take a while.
    await vi.waitFor(() => expect(codesIn(file)).toEqual(['2222']), { timeout: 10_000, interval: 50 });
    await sender.send({ to: '6281100000003', code: '3333', text: 'Kode 3333' });
    expect(codesIn(file)).toEqual(['2222', '3333']);
    // Only this user may read it.
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('drops on every write the codes older than their life', async () => {
    const file = join(dir, 'tulis.jsonl');
    writeFileSync(file, `${line('4444', 5 * MINUTE + 1000)}\n${line('5555', 4 * MINUTE)}\n`);
    let now = Date.now();
    const codeFile = openLoginCodeFile(file, OTP_LIMITS.ttlMs, () => now);
    await codeFile.append(JSON.parse(line('6666', 0)));
    expect(codesIn(file)).toEqual(['5555', '6666']);
    now += 2 * MINUTE;
    await codeFile.append(JSON.parse(line('7777', 0)));
    expect(codesIn(file)).toEqual(['6666', '7777']);
  });

  it('takes the last codes out when they end, with no other code asked for', async () => {
    const file = join(dir, 'habis.jsonl');
    const codeFile = openLoginCodeFile(file, 300);
    await codeFile.append(JSON.parse(line('8888', 0)));
    expect(codesIn(file)).toEqual(['8888']);
    await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toBe(''), { timeout: 10_000, interval: 100 });
  });

  it('is followed by the launcher’s window: each new code shown once, through the rewrites', async () => {
    const file = join(dir, 'ikuti.jsonl');
    writeFileSync(file, `${line('0001', MINUTE)}\n`);
    const shown: string[] = [];
    const stop = followLoginCodes(file, (l) => shown.push(l));
    try {
      let now = Date.now();
      const codeFile = openLoginCodeFile(file, OTP_LIMITS.ttlMs, () => now);
      // Each code waits until the window showed it, so the follower sees every state of the file.
      const shownUpTo = (code: string) =>
        vi.waitFor(() => expect(shown.at(-1)).toMatch(new RegExp(`: ${code}$`)), {
          timeout: 10_000,
          interval: 50,
        });
      await codeFile.append(JSON.parse(line('0002', 0)));
      await shownUpTo('0002');
      now += 6 * MINUTE;
      // This write drops 0001 and 0002: the file is shorter than before, and holds only the new code.
      await codeFile.append({ ...JSON.parse(line('0003', 0)), at: new Date(now).toISOString() });
      await shownUpTo('0003');
      await codeFile.append({
        ...JSON.parse(line('0004', 0, '6281100000003')),
        at: new Date(now).toISOString(),
      });
      await shownUpTo('0004');
      await wait(700);
      expect(codesIn(file)).toEqual(['0003', '0004']);
      expect(shown).toEqual([
        'Kode login untuk +62 811-0000-0002: 0002',
        'Kode login untuk +62 811-0000-0002: 0003',
        'Kode login untuk +62 811-0000-0003: 0004',
      ]);
    } finally {
      stop();
    }
  });
});
