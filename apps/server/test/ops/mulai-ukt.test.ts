import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// mulai-ukt.cmd, the Windows starter (docs/decisions/134, 152), read as cmd.exe reads it: there is no
// Windows here to run it, so its text is held to the rules that make it work from a folder such as
// C:\Users\Budi Santoso\Dokumen Ujian (Proyek) \ukt-penguji, with arguments such as
// --sertifikat "C:\Users\Budi Santoso\fullchain.pem".

const text = readFileSync(join(ROOT_DIR, 'mulai-ukt.cmd'), 'latin1');
const lines = text.split('\r\n');

/** The parts of a line outside double quotes. */
const unquoted = (line: string) =>
  line
    .split('"')
    .filter((_, i) => i % 2 === 0)
    .join(' ');

describe('mulai-ukt.cmd', () => {
  it('is ASCII with CRLF line ends, as cmd.exe reads batch files in any code page', () => {
    expect(text).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('takes its own folder first and uses it only inside double quotes', () => {
    const code = lines.filter((l) => !/^\s*rem\b/i.test(l));
    // %~dp0 once, saved before anything else can change %0.
    const uses = code.filter((l) => l.includes('%~dp0'));
    expect(uses).toEqual(['set "UKT_APP=%~dp0"']);
    const at = code.indexOf('set "UKT_APP=%~dp0"');
    expect(code.findIndex((l) => /^\s*(cd|if|where|call)\b/i.test(l))).toBeGreaterThan(at);
    expect(code).toContain('cd /d "%UKT_APP%"');
    // Every use of the folder is quoted: spaces stay one word, brackets and & are plain text.
    for (const line of code) expect(unquoted(line), line).not.toMatch(/%UKT_APP%|%~dp0|%cd%/i);
    // No ( ) block: a ")" in an expanded folder name would end it early.
    for (const line of code) expect(line.trim(), line).not.toMatch(/\($|^\)/);
  });

  it('hands every argument on once, unchanged, to the launcher through npm.cmd, and keeps its exit code', () => {
    const code = lines.filter((l) => !/^\s*rem\b/i.test(l));
    expect(code.filter((l) => l.includes('%*'))).toEqual(['call npm.cmd run venue -- %*']);
    // npm.cmd is itself a batch file: without `call` the window would never reach `pause`.
    for (const line of code.filter((l) => /npm/i.test(l))) expect(line).toMatch(/^call npm\.cmd /);
    expect(code).toContain('set "UKT_CODE=%errorlevel%"');
    expect(code).toContain('exit /b %UKT_CODE%');
  });

  it('goes only to labels it has, and says in Indonesian what to do at each', () => {
    const labels = new Set(lines.filter((l) => /^:\w+$/.test(l)).map((l) => l.slice(1)));
    const targets = lines.flatMap((l) => [...l.matchAll(/goto :(\w+)/g)].map((m) => m[1]));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(labels.has(target as string), target).toBe(true);
    const messages = lines.filter((l) => l.startsWith('echo ') && !l.startsWith('echo off'));
    expect(messages).toEqual([
      'echo Memasang paket aplikasi untuk pertama kali (butuh internet), beberapa menit...',
      'echo Folder aplikasi tidak dapat dibuka. Salin folder aplikasi ke folder lain, lalu klik dua kali mulai-ukt.cmd di sana.',
      'echo Node.js belum terpasang. Pasang Node.js LTS dari https://nodejs.org, lalu klik dua kali berkas ini lagi.',
      'echo Pemasangan paket gagal. Periksa sambungan internet laptop, lalu coba lagi.',
    ]);
  });
});
