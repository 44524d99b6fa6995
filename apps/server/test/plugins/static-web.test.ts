import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HALAMAN_KONSOL } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';

// The app's own addresses get its page; an address under /panitia that is no page of the console
// (core's HALAMAN_KONSOL, the list the router and side bar read) opens the first page at once.

describe('the console pages the server knows', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ukt-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>UKT Penguji</title>');
    t = await startApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers every page of the console with the app, with a query, a trailing slash or capitals too', async () => {
    for (const { path } of HALAMAN_KONSOL) {
      for (const url of [
        `/panitia/${path}`,
        `/panitia/${path}/`,
        `/panitia/${path}?ukt=1`,
        `/panitia/${path.toUpperCase()}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<title>UKT Penguji</title>');
      }
    }
  });

  it('sends /panitia and an address that is no page to the first page, keeping the query', async () => {
    for (const url of ['/panitia', '/panitia/', '/panitia/rekapp', '/panitia/rekap/lama']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/panitia/kegiatan');
    }
    expect((await get('/panitia/hasil?ukt=2')).headers.location).toBe('/panitia/kegiatan?ukt=2');
  });

  it('leaves the examiner app, missing files and the API as they were', async () => {
    for (const url of ['/login', '/panitiaku', '/']) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/assets/lama-abc123.js')).statusCode).toBe(404);
    expect((await get('/uktNEW/api/panitia/tidak-ada')).statusCode).toBe(404);
  });
});
