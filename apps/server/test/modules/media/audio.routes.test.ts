import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipart } from '../../support/multipart';

// KSHAN recordings (DESIGN §4): uploaded as multipart, checked by their content, stored in the media
// store (media.store.test.ts holds the store itself: files on SQLite, rows on PostgreSQL) and
// played back by header or cookie. The KSHAN questions and answer sheets are in keshan/.

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);
const SAMPLES: Record<string, Buffer> = {
  webm: WEBM,
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]),
  m4a: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(100)]),
  wav: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), Buffer.alloc(100)]),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)]),
};

describe.each(DATABASES)('KSHAN recordings on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const upload = (
    token: string | undefined,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
  ) => {
    const { payload, headers } = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/uktNEW/api/keshan/upload-audio',
      payload,
      headers: { ...headers, ...(token ? { 'access-token': token } : {}) },
    });
  };

  it('stores a recording of each audio kind by content and serves it back by header or cookie', async () => {
    for (const [ext, data] of Object.entries(SAMPLES)) {
      const res = await upload(
        admin,
        { id_siswa: '2', id_soal: '1', id_ukt: '1' },
        { name: 'audio', data, type: 'application/octet-stream' },
      );
      expect(res.statusCode, `${ext}: ${res.body}`).toBe(200);
      expect(body(res)).toEqual({ success: true, message: 'Audio uploaded successfully!' });
      const back = await t.app.inject({
        url: '/uktNEW/api/keshan/audio/1/2/1',
        headers: { cookie: `token=${admin}` },
      });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(data)).toBe(true);
      expect(back.headers['content-type']).toMatch(/^audio\//);
    }
    const header = await t.app.inject({
      url: '/uktNEW/api/keshan/audio/1/2/1',
      headers: { 'access-token': admin },
    });
    expect(header.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/uktNEW/api/keshan/audio/1/2/1' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/uktNEW/api/keshan/audio/1/2/2', headers: { 'access-token': admin } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a re-sent upload with the same Idempotency-Key from the first answer, whatever its boundary', async () => {
    const send = (boundary: string) => {
      const { payload } = multipart(
        { id_siswa: '3', id_soal: '1', id_ukt: '1' },
        { name: 'audio', data: WEBM },
      );
      const body = Buffer.from(
        payload.toString('latin1').replaceAll('----ukt-test-boundary', boundary),
        'latin1',
      );
      return t.app.inject({
        method: 'POST',
        url: '/uktNEW/api/keshan/upload-audio',
        payload: body,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'access-token': admin,
          'idempotency-key': 'rekaman-1',
        },
      });
    };
    const first = await send('----WebKitFormBoundaryAbCdEfGh12345678');
    expect(first.statusCode).toBe(200);
    const again = await send(`ukt-${'0'.repeat(36)}`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('rejects what is not audio, whatever its name and declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>            ');
    const res = await upload(
      admin,
      { id_siswa: '2', id_soal: '1', id_ukt: '1' },
      { name: 'audio', data: html, filename: 'a.webm' },
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('Rekaman suara');
    const missing = await upload(admin, { id_siswa: '2', id_soal: '1', id_ukt: '1' });
    expect(missing.statusCode).toBe(400);
    const badField = await upload(
      admin,
      { id_siswa: '../../etc', id_soal: '1', id_ukt: '1' },
      { name: 'audio', data: WEBM },
    );
    expect(badField.statusCode).toBe(400);
    expect(body(badField).message).toContain('ID peserta');
    const soal3 = await upload(
      admin,
      { id_siswa: '2', id_soal: '3', id_ukt: '1' },
      { name: 'audio', data: WEBM },
    );
    expect(body(soal3).message).toContain('ID soal');
    expect(
      (await upload(undefined, { id_siswa: '2', id_soal: '1', id_ukt: '1' }, { name: 'audio', data: WEBM }))
        .statusCode,
    ).toBe(401);
    const json = await api(t, admin, 'POST', '/keshan/upload-audio', { id_siswa: 2 });
    expect(json.statusCode).toBe(400);
  });

  it('answers 413 for a recording over 10 MB', async () => {
    const big = Buffer.concat([WEBM, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(
      admin,
      { id_siswa: '2', id_soal: '2', id_ukt: '1' },
      { name: 'audio', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ success: false, message: expect.stringContaining('10 MB') });
  });
});
