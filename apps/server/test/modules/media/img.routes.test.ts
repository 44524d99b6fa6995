import { IMG } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startSignedIn, type TestApp } from '../../support/app';

// GET /img/{id_organisasi}/{id_pemilih} (DESIGN §4, SPEC §9): an examiner's photo from the media
// store (a file on SQLite, rows on PostgreSQL), or a neutral silhouette when there is none; for a
// signed-in examiner, by header or by the token cookie an <img> carries.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);

describe.each(DATABASES)('examiner photos on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const photo = (path: string, headers: Record<string, string>) => t.app.inject({ url: path, headers });
  const org = () => t.config.orgId;

  it('answers the silhouette for an examiner without a photo, kept privately for 5 minutes', async () => {
    const res = await photo(IMG.href(org(), 9001), { 'access-token': admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('answers a stored photo with its bytes and type, by header or cookie, a .jpg before a .png', async () => {
    await t.app.media.put('photos/9002.png', PNG, 'image/png');
    const png = await photo(IMG.href(org(), 9002), { cookie: `token=${admin}` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);

    await t.app.media.put('photos/9002.jpg', JPEG, 'image/jpeg');
    const jpg = await photo(`${IMG.href(org(), 9002)}?time=1`, { 'access-token': admin });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(jpg.rawPayload.equals(JPEG)).toBe(true);
  });

  it('answers 404 for another organisation, 401 without a session, 400 for an id that is no number', async () => {
    await t.app.media.put('photos/9003.png', PNG, 'image/png');
    expect((await photo(IMG.href(org() + 1, 9003), { 'access-token': admin })).statusCode).toBe(404);
    expect((await photo(IMG.href(org(), 9003), {})).statusCode).toBe(401);
    expect((await photo(IMG.href(org(), 9003), { 'access-token': 'bukan-token' })).statusCode).toBe(401);
    expect((await photo(IMG.href(org(), 'x'), { 'access-token': admin })).statusCode).toBe(400);
  });
});
