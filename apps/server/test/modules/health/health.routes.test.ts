import { API } from '@ukt/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, body, DATABASES, startApp, type TestApp } from '../../support/app';

// GET /health (DESIGN §4), for load balancers and supervisors: public, 200 while the database
// answers and the disks have room, 503 with Retry-After otherwise. A real outage of each kind is
// in test/db/unavailable.test.ts (SQLite) and test/ops/db-outage.test.ts (PostgreSQL).

describe.each(DATABASES)('GET /health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { UKT_DEMO: '0' });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => t.close());

  it('answers 200 without a token while the database answers', async () => {
    const res = await api(t, undefined, 'GET', API.health.href());
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Server dan database siap.' });
  });

  it('answers 200 with a token that is no session, since it asks for none', async () => {
    expect((await api(t, 'bukan-token', 'GET', API.health.href())).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the database does not answer, and 200 again once it does', async () => {
    vi.spyOn(t.app.db, 'selectNoFrom').mockImplementation(() => {
      throw new Error('connection refused');
    });
    const away = await api(t, undefined, 'GET', API.health.href());
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(body(away).success).toBe(false);
    vi.restoreAllMocks();
    expect((await api(t, undefined, 'GET', API.health.href())).statusCode).toBe(200);
  });
});

describe.each(DATABASES)('GET /health with a disk under MIN_FREE_DISK_MB on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // More than any disk has free: the data folder's disk counts as nearly full.
    t = await startApp(kind, { UKT_DEMO: '0', MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) });
  });
  afterAll(async () => t.close());

  it('answers 503 naming the data folder and what to do', async () => {
    const res = await api(t, undefined, 'GET', API.health.href());
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(body(res).message).toContain('Ruang disk hampir habis');
    expect(body(res).message).toContain(t.config.dataDir);
    expect(body(res).message).toContain('kosongkan ruang');
  });
});
