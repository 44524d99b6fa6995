import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../../src/plugins/compression';
import { api, DATABASES, type SignedInApp, startSignedIn } from '../support/app';

/**
 * A built app in miniature, as apps/web/precompress.ts leaves it: every text file with a .br and
 * a .gz beside it. The copies carry a marker the original lacks, so a test can tell the file sent
 * as it is from one compressed on the fly.
 */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-web-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `baris ${i}`))};\n`;
  const html = `<!doctype html><html lang="id"><head><title>UKT Penguji</title></head><body>${'<p>isi</p>'.repeat(200)}</body></html>`;
  for (const [path, text] of [
    ['assets/app-abc123.js', script],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(`${text}/*br*/`));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(`${text}/*gz*/`));
  }
  // Below the build's 1 KB floor: no compressed copies.
  writeFileSync(join(dir, 'assets/tiny-abc123.js'), 'export const x = 1;\n');
  return dir;
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? gunzipSync(body).toString()
      : body.toString();

describe.each(DATABASES)('compression on %s', (kind) => {
  let s: SignedInApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    s = await startSignedIn(kind, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await s.t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    s.t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the build’s brotli or gzip copy of an asset by negotiation, headers unchanged', async () => {
    const file = join(dist, 'assets/app-abc123.js');
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Exactly the file the build wrote: nothing is compressed per request.
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(decode('br', br.rawPayload)).toContain('/*br*/');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(file, 'utf8'));
  });

  it('sends a small asset without copies as it is, never compressed per request', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export const x = 1;\n');
  });

  it('sends the app shell compressed on a client route, still revalidated', async () => {
    const res = await get('/login', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toContain('<title>UKT Penguji</title>');
  });

  it('compresses a large JSON answer and keeps it uncacheable', async () => {
    const url = `/uktNEW/api${API.siswa.href()}?hal=1&id_ukt=1&posUjian=2`;
    const plain = await api(s.t, s.admin, 'GET', `${API.siswa.href()}?hal=1&id_ukt=1&posUjian=2`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const encoding of ['br', 'gzip']) {
      const res = await s.t.app.inject({
        method: 'GET',
        url,
        headers: { 'access-token': s.admin, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }
  });

  it('sends small answers as they are', async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/uktNEW/api${API.health.href()}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ success: true });
  });

  it('never compresses or holds back the live stream: each event arrives while it is open', async () => {
    const base = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${base}/uktNEW/api${API.panitia.stream.href(1)}`, {
      headers: { 'access-token': s.admin, 'accept-encoding': 'br, gzip, deflate' },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
      const reader = (res.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      let text = '';
      const readUntil = async (needle: string) => {
        const deadline = Date.now() + 5_000;
        while (!text.includes(needle)) {
          if (Date.now() > deadline) throw new Error(`"${needle}" did not arrive; got: ${text}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before "${needle}" arrived; got: ${text}`);
          text += value;
        }
      };
      await readUntil('event: status');
      const taken = await api(s.t, s.siti, 'POST', API.siswaUpdate.href(17), { id_ukt: 1, sudah_tes: '1' });
      expect(taken.statusCode).toBe(200);
      await readUntil('"id_siswa":"17"');
    } finally {
      controller.abort();
    }
  });
});
