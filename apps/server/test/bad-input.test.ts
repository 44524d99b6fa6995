import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startSignedIn, type TestApp } from './support/app';

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

  it('keeps working after all of that', async () => {
    const res = await raw('GET', '/DataSiswa/siswa?id_ukt=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(120);
  });
});
