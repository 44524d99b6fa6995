import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, body, DATABASES, SITI, startSignedIn, type TestApp } from '../support/app';

// Issue-10 hardening: answers never cached, least privilege on takes, control characters refused.
describe.each(DATABASES)('hardening on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  // Demo participants 1–4, 17–20 … are in the first cabang, Siti's and Agus's.
  const take = (token: string, idSiswa: number, field: string, idUkt = 1) =>
    api(t, token, 'POST', `/DataSiswa/siswaUpdate/${idSiswa}`, { id_ukt: idUkt, [field]: '1' });
  const jurus = { id_siswa: 2, id_ukt: 1, id_tingkat: 1, nilai_jurus: 70, nilai_jurus_plus: 0 };

  describe('Cache-Control: no-store on every API answer', () => {
    it('on the sign-in answer that holds the token', async () => {
      const send = await api(t, undefined, 'POST', '/auth/otp-login/1', { no_wa: ADMIN });
      expect(send.headers['cache-control']).toBe('no-store');
      const code = t.outbox.filter((m) => m.to === ADMIN).at(-1)?.code;
      const verify = await api(t, undefined, 'POST', '/auth/otp-login/cek/1', { no_wa: ADMIN, kode: code });
      expect(verify.statusCode).toBe(200);
      expect(body(verify).token).toBeTruthy();
      expect(verify.headers['cache-control']).toBe('no-store');
      t.advance(61_000);
    });

    it('on the lists, the score answers and the refusals', async () => {
      const answers = [
        await api(t, admin, 'GET', '/DataSiswa/UKT'),
        await api(t, admin, 'GET', '/DataSiswa/siswa?id_ukt=1'),
        await api(t, admin, 'POST', '/DataSiswa/NilaiSiswa', jurus),
        await api(t, admin, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=2&id_tingkat=1&id_ukt=1'),
        await api(t, undefined, 'GET', '/DataSiswa/siswa?id_ukt=1'),
        await api(t, admin, 'GET', '/tidak-ada'),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
      for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
    });

    it('not on the app shell, which the service worker keeps', async () => {
      const shell = await t.app.inject({ method: 'GET', url: '/organisasi-bukan-api' });
      expect(shell.headers['cache-control']).not.toBe('no-store');
    });
  });

  describe('a dewan 2 examiner (KESHAN only) takes participants only at KESHAN', () => {
    it.each(['sudah_tes', 'sudah_fisik', 'sudah_sambung'])('refuses a take with %s', async (field) => {
      const res = await take(agus, 3, field);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toContain('hanya boleh mengambil peserta di pos KESHAN');
    });

    it('leaves the participant free for the examiners who may score them', async () => {
      const row = (await api(t, admin, 'GET', '/DataSiswa/siswa?id_ukt=1&nama=3&posUjian=2')).json().data as {
        no_urut: string;
        sudah_tes: string | null;
        sudah_fisik: string | null;
        sudah_sambung: string | null;
      }[];
      const three = row.find((r) => r.no_urut === '3');
      expect(three).toMatchObject({ sudah_tes: null, sudah_fisik: null, sudah_sambung: null });
      expect((await take(admin, 3, 'sudah_tes')).statusCode).toBe(200);
    });

    it('still takes at KESHAN', async () => {
      expect((await take(agus, 4, 'sudah_keshan')).statusCode).toBe(200);
    });
  });

  describe('a non-admin examiner without a region fails closed', () => {
    let lost: string;
    beforeAll(async () => {
      await t.app.db.updateTable('penguji').set({ id_cabang: null }).where('no_wa', '=', SITI).execute();
      lost = await t.login(SITI);
    });

    it('sees no participants and is told to ask the committee', async () => {
      const res = await api(t, lost, 'GET', '/DataSiswa/siswa?id_ukt=1');
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toContain('Minta panitia melengkapi data penguji Anda');
    });

    it('takes and scores no one', async () => {
      const taken = await take(lost, 17, 'sudah_tes');
      expect(taken.statusCode).toBe(403);
      expect(body(taken).message).toContain('Minta panitia');
      const scored = await api(t, lost, 'POST', '/DataSiswa/NilaiSiswa', { ...jurus, id_siswa: 17 });
      expect(scored.statusCode).toBe(403);
      const read = await api(t, lost, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=17&id_tingkat=1&id_ukt=1');
      expect(read.statusCode).toBe(403);
    });

    it('gets no region options', async () => {
      for (const path of ['/DataSiswa/perwapus', '/DataSiswa/cabang', '/DataSiswa/ranting?id_cabang=1']) {
        const res = await api(t, lost, 'GET', path);
        expect(res.statusCode, path).toBe(200);
        expect(body(res).data, path).toEqual([]);
      }
    });

    it('while an admin without a region still sees every participant', async () => {
      await t.app.db.updateTable('penguji').set({ id_perwapus: null }).where('no_wa', '=', ADMIN).execute();
      const adminWithout = await t.login(ADMIN);
      const res = await api(t, adminWithout, 'GET', '/DataSiswa/siswa?id_ukt=1');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total).toBe(120);
    });
  });

  describe('control characters are a 400 on every string input', () => {
    it.each([
      ['a NUL in a search', 'GET', '/DataSiswa/siswa?id_ukt=1&nama=%00', undefined, 'Nama'],
      ['an escape in a search', 'GET', '/DataSiswa/siswa?id_ukt=1&nama=ab%1Bc', undefined, 'Nama'],
      ['a NUL in a phone number', 'POST', '/auth/otp-login/1', { no_wa: '0811\u0000' }, 'Nomor WhatsApp'],
      ['a NUL in a code', 'POST', '/auth/otp-login/cek/1', { no_wa: ADMIN, kode: '12\u00003' }, 'Kode OTP'],
      [
        'a DEL in a take flag',
        'POST',
        '/DataSiswa/siswaUpdate/1',
        { id_ukt: 1, sudah_tes: 'x\u007F' },
        'Pos TEKNIK',
      ],
      [
        'a NUL in a KESHAN answer',
        'POST',
        '/keshan/jawaban',
        { id_ukt: 1, id_siswa: 1, id_tingkat: 1, jawaban: [{ id_soal: 1, jawaban: 'a\u0000' }] },
        'Jawaban ke-1',
      ],
      ['a NUL in a login link', 'POST', '/auth/CEKDATA', { data: 'abc\u0000' }, 'Data'],
      ['a NUL in a path', 'GET', '/organisasi/1%00', undefined, 'ID'],
    ] as const)('%s', async (_name, method, path, payload, field) => {
      const res = await api(t, admin, method, path, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toContain(`${field} berisi karakter kontrol`);
    });

    it('keeps tabs and line breaks, which text may hold', async () => {
      const res = await api(t, admin, 'GET', '/DataSiswa/siswa?id_ukt=1&nama=a%09b');
      expect(res.statusCode).toBe(200);
    });
  });
});
