import { connect, type Socket } from 'node:net';
import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startSignedIn, type TestApp } from '../support/app';

describe.each(DATABASES)('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, admin: token } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const raw = (method: 'GET' | 'POST', url: string, payload?: string | Buffer, type = 'application/json') =>
    t.app.inject({
      method,
      url: `/uktNEW/api${url}`,
      headers: { 'access-token': token, ...(payload === undefined ? {} : { 'content-type': type }) },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Every refusal is a 4xx {success:false, message} in Indonesian. */
  function expectRefusal(res: { statusCode: number; json: () => unknown }, status: number, mention?: string) {
    expect(res.statusCode).toBe(status);
    const answer = res.json() as { success: boolean; message: string };
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/[a-z]/);
    expect(answer.message).not.toMatch(/Error|Invalid input|expected|stack/);
    if (mention) expect(answer.message).toContain(mention);
  }

  it('malformed JSON', async () => {
    expectRefusal(await raw('POST', '/DataSiswa/NilaiSiswa', '{"id_siswa": 1,'), 400, 'JSON');
    expectRefusal(await raw('POST', '/auth/otp-login/1', 'no_wa=1', 'text/plain'), 400, 'objek');
    expectRefusal(await raw('POST', '/auth/otp-login/1', '<x/>', 'application/xml'), 415);
  });

  it('wrong types and missing fields name the field', async () => {
    const post = (payload: unknown) => raw('POST', '/DataSiswa/NilaiSiswa', JSON.stringify(payload));
    expectRefusal(
      await post({ id_siswa: 'satu', id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 }),
      400,
      'ID peserta',
    );
    expectRefusal(await post({ id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 }), 400, 'ID peserta wajib diisi');
    expectRefusal(await post({ id_siswa: 1, id_ukt: 1, id_tingkat: 9, nilai_sambung: 70 }), 400, 'Tingkat');
    expectRefusal(
      await post({ id_siswa: 1, id_ukt: 1, id_tingkat: 1, nilai_sambung: 70, id_penguji: 5 }),
      400,
      'id_penguji',
    );
    expectRefusal(await post([1, 2, 3]), 400);
    expectRefusal(await raw('POST', '/auth/otp-login/1', JSON.stringify({})), 400, 'Nomor WhatsApp');
    expectRefusal(
      await raw('POST', '/auth/otp-login/cek/1', JSON.stringify({ no_wa: ADMIN, kode: '12a4' })),
      400,
      'Kode OTP',
    );
    expectRefusal(await raw('GET', '/DataSiswa/siswa?hal=1'), 400, 'ID kegiatan');
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt=1&hal=0'), 400, 'Halaman');
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt=1&posUjian=9'), 400, 'Pos ujian');
    expectRefusal(await raw('GET', `/DataSiswa/siswa?id_ukt=1&nama=${'x'.repeat(101)}`), 400, 'Nama');
    expectRefusal(await raw('GET', '/DataSiswa/NilaiSiswa?id_siswa=1&id_ukt=1'), 400, 'Tingkat');
  });

  it('bodies that are not objects, prototype tricks and unreadable forms', async () => {
    for (const text of ['null', '"teks"', '[1]', '42']) {
      expectRefusal(await raw('POST', '/DataSiswa/NilaiSiswa', text), 400, 'objek JSON');
    }
    expectRefusal(
      await raw('POST', '/DataSiswa/NilaiSiswa', '{"__proto__":{"x":1},"id_siswa":1}'),
      400,
      'JSON',
    );
    expectRefusal(
      await raw('POST', '/keshan/upload-audio', 'sampah', 'multipart/form-data'),
      400,
      'multipart',
    );
    const cut = '--x\r\nContent-Disposition: form-data; name="id_siswa"\r\n\r\n1\r\n';
    expectRefusal(
      await raw('POST', '/keshan/upload-audio', cut, 'multipart/form-data; boundary=x'),
      400,
      'multipart',
    );
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt=1&id_ukt=2'), 400, 'ID kegiatan');
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt[a]=1'), 400, 'ID kegiatan');
  });

  it('oversized bodies', async () => {
    const huge = JSON.stringify({ no_wa: ADMIN, pad: 'x'.repeat(100 * 1024) });
    expectRefusal(await raw('POST', '/auth/otp-login/1', huge), 413);
  });

  it('unknown ids', async () => {
    expectRefusal(
      await raw('GET', '/DataSiswa/NilaiSiswa?id_siswa=999999&id_ukt=1&id_tingkat=1'),
      404,
      'Peserta dengan ID 999999',
    );
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt=2147483647'), 404, 'Kegiatan');
    expectRefusal(await raw('GET', '/DataSiswa/siswa?id_ukt=99999999999'), 400, 'ID kegiatan');
    expectRefusal(await raw('GET', '/keshan/soal/0'), 400, 'id');
  });

  it('path-like and SQL-looking ids', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '1%20OR%201%3D1', "1'--", '-1', '1.5']) {
      const res = await raw(
        'POST',
        `/DataSiswa/siswaUpdate/${id}`,
        JSON.stringify({ id_ukt: 1, sudah_tes: 1 }),
      );
      expectRefusal(res, 400, 'ID peserta');
    }
    expectRefusal(await raw('GET', '/keshan/audio/1/..%2F..%2Fsecret/1'), 400, 'ID peserta');
    const img = await t.app.inject({
      url: '/img/1/..%2F..%2Fsecret.key',
      headers: { 'access-token': token },
    });
    expectRefusal(img, 400, 'ID penguji');
  });

  it('unknown routes are a JSON 404', async () => {
    expectRefusal(await raw('GET', '/tidak-ada'), 404);
    expectRefusal(await raw('POST', '/DataSiswa/hapusSemua', '{}'), 404);
  });

  // What Fastify and Node would answer by themselves, before any route of the app: each in the
  // app's shape, with nothing of the path, the stack or the parser's English (docs/decisions/123).
  describe('answers the framework gives on its own', () => {
    /** An answer as a client sees it: the status, and the body as text (never echoing the path). */
    function expectOurs(status: number, text: string, want: number, mention: string, path = '') {
      expect(status, text).toBe(want);
      const answer = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(answer).sort()).toEqual(['message', 'success']);
      expect(answer.success).toBe(false);
      expect(answer.message).toContain(mention);
      expect(text).not.toMatch(/Error|error|statusCode|FST_|HPE_|Bad Request|not a valid|stack|uktNEW|\.ts/);
      if (path) expect(text).not.toContain(path);
    }

    it('a malformed URL (bad percent-encoding), anywhere: 400 without the path', async () => {
      for (const url of [
        '/uktNEW/api/%E0%A4%A',
        '/uktNEW/api/DataSiswa/siswaUpdate/%ZZ',
        '/%E0%A4%A',
        '/img/%',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'access-token': token } });
        expectOurs(res.statusCode, res.body, 400, 'Alamat tidak valid', url.slice(-6));
      }
    });

    it('a path parameter past the router limit: 414; one backup name long as a file name may be is still looked up', async () => {
      const long = `/uktNEW/api${API.panitia.cadanganByName.href('a'.repeat(2000))}`;
      const res = await t.app.inject({ method: 'GET', url: long, headers: { 'access-token': token } });
      expectOurs(res.statusCode, res.body, 414, 'Alamat terlalu panjang', 'aaaaaaaaaa');
      // 255 bytes of UTF-8, percent-encoded: the longest name a backup folder can hold.
      const longest = `${'é'.repeat(120)}.tar.gz`;
      const found = await t.app.inject({
        method: 'GET',
        url: `/uktNEW/api${API.panitia.cadanganByName.href(longest)}`,
        headers: { 'access-token': token },
      });
      expectOurs(found.statusCode, found.body, 404, 'Cadangan tidak ditemukan');
    });

    it('unknown routes and methods no route has: 404', async () => {
      const asks: [string, string][] = [
        ['GET', '/uktNEW/api/tidak-ada'],
        ['DELETE', '/uktNEW/api/DataSiswa/UKT'],
        ['PUT', '/uktNEW/api/panitia/cadangan'],
        ['PATCH', '/uktNEW/api/auth/otp-login/1'],
        ['OPTIONS', '/uktNEW/api/DataSiswa/UKT'],
        ['PROPFIND', '/uktNEW/api/'],
        ['TRACE', '/'],
        ['SEARCH', '/uktNEW/api/DataSiswa/siswa'],
      ];
      for (const [method, url] of asks) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { 'access-token': token } });
        expectOurs(res.statusCode, res.body, 404, 'Alamat tidak ditemukan');
      }
    });

    describe('over a real connection', () => {
      let port = 0;
      beforeAll(async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.server.address() as { port: number }).port;
      });

      /** Sends raw bytes on a new connection and answers what comes back until the server closes it. */
      const send = (bytes: string) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1');
          const chunks: Buffer[] = [];
          socket.on('data', (chunk) => chunks.push(chunk));
          socket.on('error', reject);
          socket.on('close', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const [head = '', text = ''] = raw.split('\r\n\r\n');
            resolve({ status: Number(head.split(' ')[1]), text });
          });
          socket.write(bytes);
          socket.end();
        });

      it('a malformed URL through Node: 400 without the path', async () => {
        const res = await send('GET /uktNEW/api/%E0%A4%A HTTP/1.1\r\nHost: ukt\r\nConnection: close\r\n\r\n');
        expectOurs(res.status, res.text, 400, 'Alamat tidak valid', '%E0%A4%A');
      });

      it('a method Node does not know: 400', async () => {
        const res = await send('BREW /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\n\r\n');
        expectOurs(res.status, res.text, 400, 'Permintaan tidak dapat dibaca', 'DataSiswa');
      });

      it('a broken request line or header: 400', async () => {
        for (const bytes of [
          'GET /uktNEW/api/DataSiswa/UKT HTTP/9.9\r\nHost: ukt\r\n\r\n',
          'GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\nContent-Length: abc\r\n\r\n',
          'GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\nBad Header\r\n\r\n',
          'POST /uktNEW/api/auth/otp-login/1 HTTP/1.1\r\nHost: ukt\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        ]) {
          const res = await send(bytes);
          expectOurs(res.status, res.text, 400, 'Permintaan tidak dapat dibaca', 'DataSiswa');
        }
      });

      it('headers larger than Node reads: 431', async () => {
        const res = await send(
          `GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\nCookie: ${'x'.repeat(20_000)}\r\n\r\n`,
        );
        expectOurs(res.status, res.text, 431, 'Header permintaan terlalu besar');
      });

      it('what Node answers before Fastify (no Host header, an Expect it does not know) has no body at all', async () => {
        const noHost = await send('GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\n\r\n');
        const expect417 = await send(
          'GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\nExpect: teh\r\nConnection: close\r\n\r\n',
        );
        expect([noHost.status, expect417.status]).toEqual([400, 417]);
        // An empty chunked body: nothing of the request comes back.
        expect([noHost.text, expect417.text]).toEqual(['0', '0']);
      });

      it('a request too slow to finish: 408 (Node reports it as a client error on its socket)', async () => {
        // Node looks for slow requests every 30 s; the event it then emits is raised here at once,
        // on the connection of a request whose headers never end.
        const serverSide = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
        const answer = new Promise<{ status: number; text: string }>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          const chunks: Buffer[] = [];
          socket.on('data', (chunk) => chunks.push(chunk));
          socket.on('close', () => {
            const [head = '', text = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
            resolve({ status: Number(head.split(' ')[1]), text });
          });
          socket.write('GET /uktNEW/api/DataSiswa/UKT HTTP/1.1\r\nHost: ukt\r\n');
        });
        const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
        t.app.server.emit('clientError', timeout, await serverSide);
        const res = await answer;
        expectOurs(res.status, res.text, 408, 'Permintaan terlalu lama');
      });
    });
  });

  it('keeps working after all of that', async () => {
    const res = await raw('GET', '/DataSiswa/siswa?id_ukt=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(120);
  });
});
